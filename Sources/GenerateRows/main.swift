// Writes a generated rows database, or a JSON rows file on request (D3):
//   swift run -c release GenerateRows --rows 1000000 --seed 7 --output /tmp/rows.sqlite
//   swift run -c release GenerateRows --rows 1000000 --seed 7 --output /tmp/rows.json
import Glibc
import RowStore
import TableModel

/// The parsed command line.
struct Options {
    var rows = 1000
    var seed: UInt64 = 1
    var output: String?
    var webRowsPercent = 0
    var commonWord: String?

    static let usage = "usage: GenerateRows --rows N --seed S [--web-percent P] [--common-word W] --output PATH   (N in 0...10000000; P in 0...100, web rows; W added to every note, toggle and grid; PATH ending in .json writes JSON, else a database)"
    static let maximumRows = 10_000_000

    init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            guard let value = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--rows":
                guard let count = Int(value), (0...Self.maximumRows).contains(count) else { throw UsageError("bad row count \(value)") }
                rows = count
            case "--seed":
                guard let number = UInt64(value) else { throw UsageError("bad seed \(value)") }
                seed = number
            case "--web-percent":
                guard let percent = Int(value), (0...100).contains(percent) else { throw UsageError("bad web row percent \(value)") }
                webRowsPercent = percent
            case "--common-word":
                guard !value.isEmpty, !value.contains(where: \.isWhitespace) else { throw UsageError("bad common word \(value)") }
                commonWord = value
            case "--output":
                output = value
            default:
                throw UsageError("unknown option \(flag)")
            }
        }
        guard output != nil else { throw UsageError("--output is required") }
    }

    var writesJSON: Bool { output?.lowercased().hasSuffix(".json") == true }
}

struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Writes `text` and a newline to stderr.
func printError(_ text: String) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(Options.usage)
    exit(0)
}
do {
    let options = try Options(arguments: arguments)
    let generator = RowsGenerator(seed: options.seed, webRowsPercent: options.webRowsPercent, commonWord: options.commonWord)
    let output = options.output!
    if options.writesJSON {
        try AtomicFileWriter.write(generator.fileChunks(count: options.rows), to: output, fileSystem: PosixFileSystem())
    } else {
        // A database is never replaced: an existing file is an error (remove it first).
        _ = try RowDatabase.create(path: output, rows: generator.rowSequence(count: options.rows))
    }
    print("wrote \(options.rows) rows (seed \(options.seed)) to \(output)")
} catch let error as UsageError {
    printError("GenerateRows: \(error.message)\n\(Options.usage)")
    exit(2)
} catch {
    printError("GenerateRows: \(error)")
    exit(1)
}
