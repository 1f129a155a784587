import BenchSupport
import Foundation

/// What the command line asked for. Unknown options are an error, so a typo never silently
/// opens the wrong file.
struct LaunchOptions: Sendable {
    /// The rows file to open; nil means the user's own file, seeded from the sample data.
    var dataPath: String?
    /// Where to write the layout state after each frame that changed it (for tests).
    var stateFilePath: String?
    /// Where to write a PNG of the window once the first layout has settled.
    var screenshotPath: String?
    /// Quit right after the screenshot is written.
    var quitAfterScreenshot = false
    /// Lay the window out right to left, as a right-to-left locale would.
    var rightToLeft = false
    /// Initial window size in logical pixels.
    var width: Int32 = 480
    var height: Int32 = 720
    /// Run this benchmark script and quit; needs `benchOutputPath`. Edits are then never saved.
    var benchScript: BenchmarkScript?
    /// Where the benchmark writes its JSON figures.
    var benchOutputPath: String?

    static let usage = """
        Usage: GtkTableDemo [--data PATH] [--state-file PATH] [--screenshot PATH [--quit-after-screenshot]]
                            [--rtl] [--size WIDTHxHEIGHT] [--bench-script NAME --bench-output PATH]
        """

    struct Error: Swift.Error, CustomStringConvertible {
        let description: String
    }

    /// - Complexity: O(number of arguments).
    static func parse(_ arguments: [String]) throws(Error) -> LaunchOptions {
        var options = LaunchOptions()
        var rest = arguments.dropFirst()[...]
        func value(for option: String) throws(Error) -> String {
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw Error(description: "\(option) needs a value.\n\(usage)")
            }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--data": options.dataPath = try value(for: argument)
            case "--state-file": options.stateFilePath = try value(for: argument)
            case "--screenshot": options.screenshotPath = try value(for: argument)
            case "--quit-after-screenshot": options.quitAfterScreenshot = true
            case "--rtl": options.rightToLeft = true
            case "--size":
                let text = try value(for: argument)
                let parts = text.split(separator: "x").compactMap { Int32($0) }
                guard parts.count == 2, (100...10_000).contains(parts[0]), (100...10_000).contains(parts[1]) else {
                    throw Error(description: "--size wants WIDTHxHEIGHT between 100 and 10000, got \"\(text)\".")
                }
                (options.width, options.height) = (parts[0], parts[1])
            case "--bench-script":
                let name = try value(for: argument)
                guard let script = BenchmarkScript.named(name) else {
                    throw Error(description: "Unknown benchmark script \"\(name)\"; one of \(BenchmarkScript.names.joined(separator: ", ")).")
                }
                options.benchScript = script
            case "--bench-output": options.benchOutputPath = try value(for: argument)
            case "--help", "-h": throw Error(description: usage)
            default: throw Error(description: "Unknown option \"\(argument)\".\n\(usage)")
            }
        }
        guard (options.benchScript == nil) == (options.benchOutputPath == nil) else {
            throw Error(description: "--bench-script and --bench-output go together.\n\(usage)")
        }
        return options
    }
}
