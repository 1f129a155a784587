/// Reads `--option [value]` command lines, for the app and the peer programs alike, so both
/// accept the window size and benchmark options the same way and fail with the same messages.
/// Unknown options are errors, so a typo never silently runs the wrong thing.
public struct OptionReader {
    /// A command line that could not be read; the description ends with the usage text.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private var rest: ArraySlice<String>
    private let usage: String

    /// - Parameter arguments: the whole command line, program name first.
    public init(_ arguments: [String], usage: String) {
        rest = arguments.dropFirst()[...]
        self.usage = usage
    }

    /// The next option, or nil at the end.
    public mutating func nextOption() -> String? { rest.popFirst() }

    /// The value after `option`.
    public mutating func value(for option: String) throws(Failure) -> String {
        guard let value = rest.popFirst(), !value.hasPrefix("--") else { throw failure("\(option) needs a value.") }
        return value
    }

    /// A `WIDTHxHEIGHT` value, each between 100 and 10,000.
    public mutating func size(for option: String) throws(Failure) -> (width: Int32, height: Int32) {
        let text = try value(for: option)
        let parts = text.split(separator: "x").compactMap { Int32($0) }
        guard parts.count == 2, parts.allSatisfy({ (100...10_000).contains($0) }) else {
            throw failure("\(option) wants WIDTHxHEIGHT between 100 and 10000, got \"\(text)\".")
        }
        return (parts[0], parts[1])
    }

    /// A benchmark script named by the value.
    public mutating func benchmarkScript(for option: String) throws(Failure) -> BenchmarkScript {
        let name = try value(for: option)
        guard let script = BenchmarkScript.named(name) else {
            throw failure("Unknown benchmark script \"\(name)\"; one of \(BenchmarkScript.names.joined(separator: ", ")).")
        }
        return script
    }

    /// Checks that a benchmark script and its output were given together or not at all.
    public func checkBenchmark(script: BenchmarkScript?, output: String?) throws(Failure) {
        guard (script == nil) == (output == nil) else { throw failure("--bench-script and --bench-output go together.") }
    }

    /// The error for `--help` (the usage alone) or an unknown option.
    public func unknown(_ option: String) -> Failure {
        option == "--help" || option == "-h" ? Failure(description: usage) : failure("Unknown option \"\(option)\".")
    }

    /// An error saying `message`, followed by the usage.
    public func failure(_ message: String) -> Failure { Failure(description: "\(message)\n\(usage)") }
}
