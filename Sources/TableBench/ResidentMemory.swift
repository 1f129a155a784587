#if canImport(Glibc)
import Glibc
#endif

/// The process's resident set size, from the second field of `/proc/self/statm` (Linux); nil elsewhere.
enum ResidentMemory {
    static let statmBufferSize = 256

    static func bytes() -> Int? {
        #if canImport(Glibc)
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: statmBufferSize)
        let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, statmBufferSize) }
        guard length > 0 else { return nil }
        let fields = String(decoding: buffer[..<length], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let residentPages = Int(fields[1]) else { return nil }
        return residentPages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return nil
        #endif
    }
}
