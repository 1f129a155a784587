import TableModel

/// One measured operation: median nanoseconds per call for the engine and the naive list.
struct Measurement {
    var operation: String
    var rowCount: Int
    var engineNanoseconds: Double
    var naiveNanoseconds: Double
}

/// Times the engine (`TableLayout`) against `NaiveHeightList` on the same kinds of work.
struct EngineBenchmark {
    /// Rows per batch in the batch operation: half deletes, half inserts.
    static let batchSize = 100
    static let viewportHeight = 800.0
    /// One row in this many is measured before timing starts.
    static let measuredFraction = 10
    static let seed: UInt64 = 0x7AB1E
    /// Random inputs are drawn up front, this many of each (a power of two), and reused in turn.
    static let sampleCount = 4_096
    /// Measured row heights, px.
    static let rowHeights = 30...120
    /// The anchor-correction op sets the note estimate to `estimateBase + call % estimateSpread`.
    static let estimateBase = 40.0
    static let estimateSpread = 20

    let rowCount: Int
    let engineRounds: Int
    let engineOperations: Int
    let naiveRounds: Int
    let naiveOperations: Int

    /// Consumes results so the optimiser cannot drop the timed work.
    nonisolated(unsafe) static var sink = 0.0

    init(rowCount: Int, quick: Bool) {
        self.rowCount = rowCount
        engineRounds = quick ? 3 : 7
        engineOperations = quick ? 20 : 2_000
        naiveRounds = quick ? 3 : 5
        // Keep each naive round near 10^6 row visits: the 1,000,000-row runs do one op a round.
        naiveOperations = quick ? 2 : max(1, min(1_000, 1_000_000 / rowCount))
    }

    static func kind(ofRow row: Int) -> RowKind {
        if row % 50 == 0 { return .header }
        return [RowKind.note, .toggle, .toggle, .grid, .rich][row % 5]
    }

    func makeRows() -> [RowSpec] {
        (0..<rowCount).map { RowSpec(id: RowID(Int64($0)), kind: EngineBenchmark.kind(ofRow: $0)) }
    }

    /// A layout and a naive list with the same rows, one in ten measured, scrolled to the middle.
    func makeSubjects() throws -> (TableLayout, NaiveHeightList) {
        let rows = makeRows()
        let layout = try TableLayout(rows: rows, viewportHeight: EngineBenchmark.viewportHeight)
        var naive = NaiveHeightList(
            rows: rows, estimate: EstimatePolicy.defaultInitialHeight, viewportHeight: EngineBenchmark.viewportHeight)
        var random = BenchRandom(seed: EngineBenchmark.seed)
        for row in stride(from: 0, to: rowCount, by: EngineBenchmark.measuredFraction) {
            let height = Double(Int.random(in: EngineBenchmark.rowHeights, using: &random))
            _ = try layout.setMeasuredHeight(height, for: RowID(Int64(row)))
            naive.heights[row] = height
            naive.measured[row] = true
        }
        layout.scroll(toOffset: layout.contentHeight / 2)
        naive.scroll(toOffset: naive.contentHeight / 2)
        return (layout, naive)
    }

    func run() throws -> [Measurement] {
        let (layout, naiveList) = try makeSubjects()
        var naive = naiveList
        var random = BenchRandom(seed: EngineBenchmark.seed ^ UInt64(rowCount))
        var results: [Measurement] = []

        func measure(_ operation: String, engine: (Int) -> Void, naive naiveBody: (Int) -> Void) {
            let engineTime = Stopwatch.medianNanoseconds(
                rounds: engineRounds, operationsPerRound: engineOperations, engine)
            let naiveTime = Stopwatch.medianNanoseconds(
                rounds: naiveRounds, operationsPerRound: naiveOperations, naiveBody)
            results.append(Measurement(
                operation: operation, rowCount: rowCount, engineNanoseconds: engineTime, naiveNanoseconds: naiveTime))
        }

        let sample = EngineBenchmark.sampleCount - 1
        let randomIDs = (0...sample).map { _ in Int64.random(in: 0..<Int64(rowCount), using: &random) }
        let randomHeights = (0...sample).map { _ in Double(Int.random(in: EngineBenchmark.rowHeights, using: &random)) }
        let randomFractions = (0...sample).map { _ in Double.random(in: 0..<1, using: &random) }

        measure("set-height", engine: { call in
            let changes = try! layout.setMeasuredHeight(randomHeights[call & sample], for: RowID(randomIDs[call & sample]))
            EngineBenchmark.sink += changes.scrollOffset
        }, naive: { call in
            naive.setMeasuredHeight(randomHeights[call & sample], for: randomIDs[call & sample])
            EngineBenchmark.sink += naive.scrollOffset
        })

        measure("row-at-offset", engine: { call in
            let hit = layout.row(atOffset: randomFractions[call & sample] * layout.contentHeight)
            EngineBenchmark.sink += hit!.offsetInRow
        }, naive: { call in
            let hit = naive.row(atOffset: randomFractions[call & sample] * naive.contentHeight)
            EngineBenchmark.sink += hit.offsetInRow
        })

        measure("offset-of-row", engine: { call in
            EngineBenchmark.sink += layout.offset(ofRow: Int(randomIDs[call & sample]))
        }, naive: { call in
            EngineBenchmark.sink += naive.offset(ofRow: Int(randomIDs[call & sample]))
        })

        measure("anchor-correction", engine: { call in
            let changes = try! layout.setEstimatePolicy(.fixed(EngineBenchmark.estimateBase + Double(call % EngineBenchmark.estimateSpread)), for: .note)
            EngineBenchmark.sink += changes.scrollOffset
        }, naive: { call in
            naive.setEstimate(EngineBenchmark.estimateBase + Double(call % EngineBenchmark.estimateSpread), for: .note)
            EngineBenchmark.sink += naive.scrollOffset
        })

        var nextID = Int64(rowCount)
        let batchRounds = engineRounds
        let engineBatches = max(1, engineOperations / 20)
        let engineBatchTime = Stopwatch.medianNanoseconds(
            rounds: batchRounds, operationsPerRound: engineBatches,
            prepare: { _ in makeBatch(count: layout.count, anchor: layout.anchor!.id.rawValue,
                                      id: { layout.id(at: $0).rawValue }, nextID: &nextID, random: &random) },
            run: { plan in
                var batch = BatchUpdate()
                for id in plan.deletes { batch.delete(RowID(id)) }
                for insert in plan.inserts { batch.insert(RowSpec(id: RowID(insert.id), kind: insert.kind), at: insert.index) }
                EngineBenchmark.sink += try! layout.performBatch(batch).scrollOffset
            })
        let naiveBatchTime = Stopwatch.medianNanoseconds(
            rounds: naiveRounds, operationsPerRound: max(1, naiveOperations / 20),
            prepare: { _ in makeBatch(count: naive.ids.count, anchor: naive.anchorID,
                                      id: { naive.ids[$0] }, nextID: &nextID, random: &random) },
            run: { plan in
                naive.apply(deletes: plan.deletes, inserts: plan.inserts)
                EngineBenchmark.sink += naive.scrollOffset
            })
        results.append(Measurement(
            operation: "batch-100", rowCount: rowCount,
            engineNanoseconds: engineBatchTime, naiveNanoseconds: naiveBatchTime))
        return results
    }

    /// Half `batchSize` distinct random rows to delete (never the anchor) and half new rows at
    /// distinct random after-update indices.
    private func makeBatch(
        count: Int, anchor: Int64, id: (Int) -> Int64, nextID: inout Int64, random: inout BenchRandom
    ) -> (deletes: [Int64], inserts: [(id: Int64, kind: RowKind, index: Int)]) {
        let half = min(EngineBenchmark.batchSize / 2, count / 2)
        var deleted = Set<Int64>()
        while deleted.count < half {
            let candidate = id(Int.random(in: 0..<count, using: &random))
            if candidate != anchor { deleted.insert(candidate) }
        }
        var destinations = Set<Int>()
        while destinations.count < half { destinations.insert(Int.random(in: 0..<count, using: &random)) }
        let inserts = destinations.map { index -> (id: Int64, kind: RowKind, index: Int) in
            defer { nextID += 1 }
            return (nextID, EngineBenchmark.kind(ofRow: Int(nextID)), index)
        }
        return (Array(deleted), inserts)
    }
}
