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
    /// Whether `--size` gave the size, which then wins over the size the database remembers.
    var sizeGiven = false
    /// Run this benchmark script and quit; needs `benchOutputPath`. Edits are saved as in normal use.
    var benchScript: BenchmarkScript?
    /// Where the benchmark writes its JSON figures.
    var benchOutputPath: String?
    /// Import this rows file into a new database (`--data`, or the user's) and quit, without a window.
    var importJSONPath: String?
    /// Export the database (`--data`, or the user's) to this rows file and quit, without a window.
    var exportJSONPath: String?
    /// Run as an instance of its own instead of handing over to a running one (tests, benchmarks).
    var nonUnique = false
    /// Print RowStyle's fonts as CSS classes (``RowFontClasses``) and quit, without a window.
    var printsRowCSS = false

    static let usage = """
        Usage: GtkTableDemo [--data PATH] [--non-unique] [--state-file PATH] [--screenshot PATH [--quit-after-screenshot]]
                            [--rtl] [--size WIDTHxHEIGHT] [--bench-script NAME --bench-output PATH]
               GtkTableDemo [--data DATABASE] --import-json FILE
               GtkTableDemo [--data PATH] --export-json FILE
               GtkTableDemo --print-row-css
        """

    /// - Complexity: O(number of arguments).
    static func parse(_ arguments: [String]) throws(OptionReader.Failure) -> LaunchOptions {
        var options = LaunchOptions()
        var reader = OptionReader(arguments, usage: usage)
        while let argument = reader.nextOption() {
            switch argument {
            case "--data": options.dataPath = try reader.value(for: argument)
            case "--state-file": options.stateFilePath = try reader.value(for: argument)
            case "--screenshot": options.screenshotPath = try reader.value(for: argument)
            case "--quit-after-screenshot": options.quitAfterScreenshot = true
            case "--rtl": options.rightToLeft = true
            case "--size":
                (options.width, options.height) = try reader.size(for: argument)
                options.sizeGiven = true
            case "--bench-script": options.benchScript = try reader.benchmarkScript(for: argument)
            case "--bench-output": options.benchOutputPath = try reader.value(for: argument)
            case "--import-json": options.importJSONPath = try reader.value(for: argument)
            case "--export-json": options.exportJSONPath = try reader.value(for: argument)
            case "--non-unique": options.nonUnique = true
            case "--print-row-css": options.printsRowCSS = true
            default: throw reader.unknown(argument)
            }
        }
        try reader.checkBenchmark(script: options.benchScript, output: options.benchOutputPath)
        return options
    }
}
