import TableModel

/// Bytes per row of the engine, counted two ways: the capacities of the index's arrays
/// (`TableLayout.heightIndexByteCount`), and the growth of the resident set from before the
/// row specs are made to after the layout is built and the specs are freed.
struct MemoryReport {
    var rowCount: Int
    var indexBytesAfterBuild: Int
    var residentGrowth: Int?
    var indexBytesAfterChurn: Int
    var churnOperations: Int

    static func measure(rowCount: Int, churnBatches: Int) throws -> MemoryReport {
        let benchmark = EngineBenchmark(rowCount: rowCount, quick: true)
        let residentBefore = ResidentMemory.bytes()
        // The row specs are a temporary, freed when the initialiser returns.
        let layout = try TableLayout(rows: benchmark.makeRows(), viewportHeight: EngineBenchmark.viewportHeight)
        let residentAfter = ResidentMemory.bytes()
        let afterBuild = layout.heightIndexByteCount

        var random = BenchRandom(seed: EngineBenchmark.seed)
        var nextID = Int64(rowCount)
        for _ in 0..<churnBatches {
            var batch = BatchUpdate()
            var deleted = Set<Int64>()
            while deleted.count < EngineBenchmark.batchSize / 2 {
                deleted.insert(layout.id(at: Int.random(in: 0..<layout.count, using: &random)).rawValue)
            }
            for id in deleted { batch.delete(RowID(id)) }
            var destinations = Set<Int>()
            while destinations.count < EngineBenchmark.batchSize / 2 {
                destinations.insert(Int.random(in: 0..<layout.count, using: &random))
            }
            for destination in destinations {
                batch.insert(RowSpec(id: RowID(nextID), kind: EngineBenchmark.kind(ofRow: Int(nextID))), at: destination)
                nextID += 1
            }
            _ = try layout.performBatch(batch)
        }
        return MemoryReport(
            rowCount: rowCount, indexBytesAfterBuild: afterBuild,
            residentGrowth: zip(residentBefore, residentAfter).map { $1 - $0 },
            indexBytesAfterChurn: layout.heightIndexByteCount,
            churnOperations: churnBatches * EngineBenchmark.batchSize)
    }

    var text: String {
        func perRow(_ bytes: Int) -> String { Report.rounded(Double(bytes) / Double(rowCount), digits: 1) }
        var lines = [
            "Engine memory at \(rowCount) rows:",
            "  index array capacities after build: \(perRow(indexBytesAfterBuild)) bytes/row",
            "  index array capacities after \(churnOperations) random inserts+deletes: \(perRow(indexBytesAfterChurn)) bytes/row",
        ]
        if let residentGrowth {
            lines.append("  resident set growth while building: \(perRow(residentGrowth)) bytes/row")
        }
        return lines.joined(separator: "\n")
    }
}

private func zip(_ first: Int?, _ second: Int?) -> (Int, Int)? {
    guard let first, let second else { return nil }
    return (first, second)
}
