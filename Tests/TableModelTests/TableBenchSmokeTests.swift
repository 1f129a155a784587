import Foundation
import Testing

/// Runs `TableBench --quick --json` (built next to this test bundle by `swift test`) and
/// checks it reports every operation at every size.
@Suite struct TableBenchSmokeTests {
    static var benchURL: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("TableBench")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: benchURL.path), "TableBench is not built"))
    func quickRunReportsEveryOperation() throws {
        let process = Process()
        process.executableURL = Self.benchURL
        process.arguments = ["--quick", "--json"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let operations = Set(entries.compactMap { $0["op"] as? String })
        #expect(operations == ["set-height", "row-at-offset", "offset-of-row", "anchor-correction", "batch-100", "create-note", "move-row"])
        #expect(entries.allSatisfy { ($0["engine_ns"] as? Double ?? 0) > 0 && ($0["naive_ns"] as? Double ?? 0) > 0 })
    }
}
