import CGtk
import Foundation

/// What the kernel knows about this process: its peak resident memory and when it started,
/// on the clock `g_get_monotonic_time` reads (CLOCK_MONOTONIC, µs).
public enum ProcessProbe {
    /// The environment variable a benchmark driver sets to its CLOCK_MONOTONIC reading in µs
    /// just before it launches the program, so start-up is timed from the real launch.
    public static let launchTimeVariable = "BENCH_LAUNCH_MONOTONIC_US"

    /// Peak resident set size (VmHWM) in bytes, or nil if `/proc` cannot be read.
    ///
    /// - Complexity: O(size of /proc/self/status).
    public static func peakResidentBytes() -> Int? { status("VmHWM") }

    /// Resident set size now (VmRSS) in bytes, after handing freed heap pages back to the
    /// kernel (`malloc_trim`), so it counts what the program keeps rather than what it once
    /// needed. Call it only when timing is over: trimming takes time.
    public static func retainedResidentBytes() -> Int? {
        malloc_trim(0)
        return status("VmRSS")
    }

    /// A `kB` figure of /proc/self/status, in bytes.
    private static func status(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }

    /// The process's launch time in monotonic µs: the driver's reading from
    /// ``launchTimeVariable`` if set, else the start time in `/proc/self/stat` (10 ms
    /// resolution), moved from the boot-time clock to the monotonic one.
    public static func launchTime() -> Int? {
        if let value = ProcessInfo.processInfo.environment[launchTimeVariable], let time = Int(value) { return time }
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let afterName = stat.range(of: ")", options: .backwards)
        else { return nil }
        // Fields after the command name start at field 3 (state); starttime is field 22.
        let fields = stat[afterName.upperBound...].split(separator: " ")
        guard fields.count > 19, let ticks = Int(fields[19]) else { return nil }
        let startSinceBoot = ticks * 1_000_000 / Int(sysconf(Int32(_SC_CLK_TCK)))
        var boot = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        let nowSinceBoot = Int(boot.tv_sec) * 1_000_000 + Int(boot.tv_nsec) / 1000
        return g_get_monotonic_time() - (nowSinceBoot - startSinceBoot)
    }
}
