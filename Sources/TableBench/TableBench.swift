#if canImport(Glibc)
import Glibc
#endif
import TableModel

/// `swift run -c release TableBench [--json] [--quick]`: the height engine against the naive
/// reference at several table sizes, the table's create and move intents against the same
/// splices on the baselines, plus the engine's memory per row.
@main
struct TableBench {
    static let sizes = [1_000, 100_000, 1_000_000]
    static let quickSizes = [100, 1_000]
    static let memoryRowCount = 1_000_000
    static let quickMemoryRowCount = 10_000
    /// Random inserts+deletes applied before the "after churn" memory figure, in batches of 100.
    static let churnBatches = 1_000

    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        let quick = arguments.contains("--quick")
        let json = arguments.contains("--json")
        if let unknown = arguments.first(where: { $0 != "--quick" && $0 != "--json" }) {
            printError("usage: TableBench [--json] [--quick]   (unknown argument \(unknown))")
            exit(2)
        }
        // Memory first, while the heap is fresh, so the resident-set growth is the layout's own.
        let memory = try MemoryReport.measure(rowCount: quick ? quickMemoryRowCount : memoryRowCount,
                                               churnBatches: quick ? 10 : churnBatches)
        var measurements: [Measurement] = []
        for rowCount in quick ? quickSizes : sizes {
            measurements += try EngineBenchmark(rowCount: rowCount, quick: quick).run()
            measurements += try EditBenchmark(rowCount: rowCount, quick: quick).run()
        }
        if json {
            print(Report.json(measurements))
            printError(memory.text)
        } else {
            print(Report.table(measurements))
            print(memory.text)
        }
    }
}
