#if canImport(Glibc)
import Glibc
#endif

/// Formats measurements as a readable table or as JSON.
enum Report {
    static func json(_ measurements: [Measurement]) -> String {
        let entries = measurements.map { item in
            "{\"op\":\"\(item.operation)\",\"n\":\(item.rowCount),"
                + "\"engine_ns\":\(rounded(item.engineNanoseconds)),\"naive_ns\":\(rounded(item.naiveNanoseconds)),"
                + "\"fenwick_ns\":\(rounded(item.fenwickNanoseconds))}"
        }
        return "[\n  " + entries.joined(separator: ",\n  ") + "\n]"
    }

    static func table(_ measurements: [Measurement]) -> String {
        var lines = [
            "Height engine vs the naive and Fenwick baselines (median ns per operation)",
            pad("op", 18) + pad("rows", 10, right: true) + pad("engine ns", 13, right: true)
                + pad("naive ns", 15, right: true) + pad("fenwick ns", 13, right: true)
                + pad("naive/engine", 14, right: true) + pad("fenwick/engine", 16, right: true),
        ]
        for item in measurements {
            lines.append(
                pad(item.operation, 18) + pad("\(item.rowCount)", 10, right: true)
                    + pad(rounded(item.engineNanoseconds), 13, right: true)
                    + pad(rounded(item.naiveNanoseconds), 15, right: true)
                    + pad(rounded(item.fenwickNanoseconds), 13, right: true)
                    + pad(rounded(item.naiveNanoseconds / item.engineNanoseconds) + "×", 14, right: true)
                    + pad(rounded(item.fenwickNanoseconds / item.engineNanoseconds, digits: 2) + "×", 16, right: true))
        }
        let setHeight = measurements.filter { $0.operation == "set-height" }
        if let smallest = setHeight.first, let largest = setHeight.last, smallest.rowCount != largest.rowCount {
            lines.append(
                "engine set-height at \(largest.rowCount) rows costs "
                    + rounded(largest.engineNanoseconds / smallest.engineNanoseconds, digits: 2)
                    + "× its cost at \(smallest.rowCount) rows")
        }
        return lines.joined(separator: "\n")
    }

    /// `value` with `digits` decimals (none for values of 100 and above), without Foundation.
    static func rounded(_ value: Double, digits: Int = 1) -> String {
        if value < 0 { return "-" + rounded(-value, digits: digits) }
        if value >= 100 || digits == 0 { return "\(Int(value + 0.5))" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int(value * scale + 0.5)
        let fraction = "\(scaled % Int(scale))"
        return "\(scaled / Int(scale))." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    #if canImport(Glibc)
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    #else
    print(text)
    #endif
}
