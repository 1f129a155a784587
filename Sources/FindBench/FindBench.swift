#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import RowStore
import SQLiteStore
import TableModel

/// `swift run -c release FindBench [--json] [--quick] [--sizes N,N]`: find (F3, F2) at several table sizes,
/// on a generated rows database (seed 7 with "everyday" in every note, toggle and grid, as the
/// GTK bench's find runs): the cost of the index (database
/// size and import time with and without it) and, for queries matching about 0.1 %, 10 % and
/// 90 % of rows, the time from a query to its filtered table: the search on its own
/// connection and thread (``RowSearcher``), then the filter on the table (``Table/filter(to:words:)``),
/// the part that runs on the main thread. Not the time to the frame on screen: see the note.
@main
struct FindBench {
    static let sizes = [1_000, 100_000, 1_000_000]
    static let quickSizes = [200, 1_000]
    static let targets = [0.001, 0.1, 0.9]
    /// Queries tried for each target; the one whose share is nearest is timed.
    static let candidates = [
        "toggle 1234", "toggle 123", "toggle 12", "toggle 1", "section 1", "section 12", "section 123",
        "quiet river morning", "river garden", "river", "row", "s", "t", "everyday",
    ]
    /// The word the generated rows have in every note, toggle and grid (about 90 % of rows).
    static let commonWord = "everyday"

    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var chosen: [Int]?
        if let at = arguments.firstIndex(of: "--sizes"), at + 1 < arguments.count {
            chosen = arguments[at + 1].split(separator: ",").compactMap { Int($0) }
            arguments.removeSubrange(at...at + 1)
        }
        let quick = arguments.contains("--quick")
        let json = arguments.contains("--json")
        if let unknown = arguments.first(where: { $0 != "--quick" && $0 != "--json" }) {
            FileStream.standardError("usage: FindBench [--json] [--quick] [--sizes 1000,1000000]   (unknown argument \(unknown))\n")
            exit(2)
        }
        var results: [FindFigures] = []
        for rowCount in chosen ?? (quick ? quickSizes : sizes) {
            results.append(try FindRun(rowCount: rowCount, repeats: quick ? 3 : 21).run())
        }
        print(json ? FindFigures.json(results) : FindFigures.table(results))
    }
}

/// Writes to stderr without Foundation.
enum FileStream {
    static func standardError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
