import TableModel

/// One measured operation: median nanoseconds per call for the engine and each baseline.
struct Measurement {
    var operation: String
    var rowCount: Int
    var engineNanoseconds: Double
    var naiveNanoseconds: Double
    var fenwickNanoseconds: Double
}

/// Times the engine (`TableLayout`) against `NaiveHeightList` and `FenwickHeightList` on the
/// same work: the same rows, the same random inputs, the same anchor rules, and no work in a
/// timed call that the engine does not also do (the total height is kept by every baseline).
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
    /// Calls per batch round are the point operations' calls divided by this.
    static let batchCallDivisor = 20

    let rowCount: Int
    let engineRounds: Int
    let engineOperations: Int
    let linearRounds: Int
    /// Calls per round of an O(n) operation (every naive op; the Fenwick list's estimate
    /// change and splice).
    let linearOperations: Int

    /// Consumes results so the optimiser cannot drop the timed work.
    nonisolated(unsafe) static var sink = 0.0

    init(rowCount: Int, quick: Bool) {
        self.rowCount = rowCount
        engineRounds = quick ? 3 : 7
        engineOperations = quick ? 20 : 2_000
        linearRounds = quick ? 3 : 5
        // Keep each linear round near 10^6 row visits: the 1,000,000-row runs do one op a round.
        linearOperations = quick ? 2 : max(1, min(1_000, 1_000_000 / rowCount))
    }

    static func kind(ofRow row: Int) -> RowKind {
        if row % 50 == 0 { return .header }
        return [RowKind.note, .toggle, .toggle, .grid, .rich][row % 5]
    }

    /// The rows, kinds mixed; without `measured`, all estimated.
    func makeRows(measured: Bool = false) -> [RowSpec] {
        var random = SplitMix64(seed: EngineBenchmark.seed)
        return (0..<rowCount).map { row in
            let height = measured && row % EngineBenchmark.measuredFraction == 0
                ? Double(Int.random(in: EngineBenchmark.rowHeights, using: &random)) : nil
            return RowSpec(id: RowID(Int64(row)), kind: EngineBenchmark.kind(ofRow: row), measuredHeight: height)
        }
    }

    /// Random inputs shared by every subject, so each answers the same calls.
    struct Inputs {
        var ids: [Int64]
        var heights: [Double]
        var fractions: [Double]
        let mask = EngineBenchmark.sampleCount - 1
    }

    func run() throws -> [Measurement] {
        let rows = makeRows(measured: true)
        let layout = try TableLayout(rows: rows, viewportHeight: EngineBenchmark.viewportHeight)
        layout.scroll(toOffset: layout.contentHeight / 2)
        var random = SplitMix64(seed: EngineBenchmark.seed ^ UInt64(rowCount))
        let inputs = Inputs(
            ids: (0..<EngineBenchmark.sampleCount).map { _ in Int64.random(in: 0..<Int64(rowCount), using: &random) },
            heights: (0..<EngineBenchmark.sampleCount).map { _ in
                Double(Int.random(in: EngineBenchmark.rowHeights, using: &random))
            },
            fractions: (0..<EngineBenchmark.sampleCount).map { _ in Double.random(in: 0..<1, using: &random) })

        let engine = try timeEngine(layout, inputs, random: &random)
        var naive = NaiveHeightList(
            rows: rows, estimate: EstimatePolicy.defaultInitialHeight, viewportHeight: EngineBenchmark.viewportHeight)
        let naiveTimes = time(&naive, inputs, rounds: linearRounds, pointOperations: linearOperations, random: &random)
        var fenwick = FenwickHeightList(
            rows: rows, estimate: EstimatePolicy.defaultInitialHeight, viewportHeight: EngineBenchmark.viewportHeight)
        let fenwickTimes = time(&fenwick, inputs, rounds: engineRounds, pointOperations: engineOperations, random: &random)
        return engine.map { operation, nanoseconds in
            Measurement(operation: operation, rowCount: rowCount, engineNanoseconds: nanoseconds,
                        naiveNanoseconds: naiveTimes[operation] ?? 0, fenwickNanoseconds: fenwickTimes[operation] ?? 0)
        }
    }

    private func timeEngine(
        _ layout: TableLayout, _ inputs: Inputs, random: inout SplitMix64
    ) throws -> [(String, Double)] {
        let mask = inputs.mask
        func median(_ body: (Int) -> Void) -> Double {
            Stopwatch.medianNanoseconds(rounds: engineRounds, operationsPerRound: engineOperations, body)
        }
        var results: [(String, Double)] = []
        results.append(("set-height", median { call in
            let changes = try? layout.setMeasuredHeight(inputs.heights[call & mask], for: RowID(inputs.ids[call & mask]))
            EngineBenchmark.sink += changes?.scrollOffset ?? 0
        }))
        results.append(("row-at-offset", median { call in
            EngineBenchmark.sink += layout.row(atOffset: inputs.fractions[call & mask] * layout.contentHeight)?.offsetInRow ?? 0
        }))
        results.append(("offset-of-row", median { call in
            EngineBenchmark.sink += layout.offset(ofRow: Int(inputs.ids[call & mask]))
        }))
        results.append(("anchor-correction", median { call in
            let changes = try? layout.setEstimatePolicy(.fixed(EngineBenchmark.estimate(call)), for: .note)
            EngineBenchmark.sink += changes?.scrollOffset ?? 0
        }))
        var nextID = Int64(rowCount)
        results.append(("batch-100", Stopwatch.medianNanoseconds(
            rounds: engineRounds, operationsPerRound: max(1, engineOperations / EngineBenchmark.batchCallDivisor),
            prepare: { _ in makeBatch(count: layout.count, anchor: layout.anchor?.id.rawValue ?? -1,
                                      id: { layout.id(at: $0).rawValue }, nextID: &nextID, random: &random) },
            run: { plan in
                var batch = BatchUpdate()
                for id in plan.deletes { batch.delete(RowID(id)) }
                for insert in plan.inserts { batch.insert(RowSpec(id: RowID(insert.id), kind: insert.kind), at: insert.index) }
                EngineBenchmark.sink += (try? layout.performBatch(batch))?.scrollOffset ?? 0
            })))
        return results
    }

    /// Times a baseline on the same operations, scrolled to the middle first. Point operations
    /// run `pointOperations` calls a round; its O(n) operations (for the Fenwick list, the
    /// estimate change and the splice) run `linearOperations`.
    private func time<Baseline: HeightBaseline>(
        _ list: inout Baseline, _ inputs: Inputs, rounds: Int, pointOperations: Int, random: inout SplitMix64
    ) -> [String: Double] {
        let mask = inputs.mask
        list.scroll(toOffset: list.contentHeight / 2)
        func median(_ calls: Int, _ body: (Int) -> Void) -> Double {
            Stopwatch.medianNanoseconds(rounds: rounds, operationsPerRound: calls, body)
        }
        var results: [String: Double] = [:]
        results["set-height"] = median(pointOperations) { call in
            list.setMeasuredHeight(inputs.heights[call & mask], for: inputs.ids[call & mask])
            EngineBenchmark.sink += list.scrollOffset
        }
        results["row-at-offset"] = median(pointOperations) { call in
            EngineBenchmark.sink += list.row(atOffset: inputs.fractions[call & mask] * list.contentHeight).offsetInRow
        }
        results["offset-of-row"] = median(pointOperations) { call in
            EngineBenchmark.sink += list.offset(ofRow: Int(inputs.ids[call & mask]))
        }
        results["anchor-correction"] = Stopwatch.medianNanoseconds(
            rounds: linearRounds, operationsPerRound: linearOperations
        ) { call in
            list.setEstimate(EngineBenchmark.estimate(call), for: .note)
            EngineBenchmark.sink += list.scrollOffset
        }
        var nextID = Int64(rowCount)
        results["batch-100"] = Stopwatch.medianNanoseconds(
            rounds: linearRounds, operationsPerRound: max(1, linearOperations / EngineBenchmark.batchCallDivisor),
            prepare: { _ in makeBatch(count: list.count, anchor: list.anchorID, id: { list.id(at: $0) },
                                      nextID: &nextID, random: &random) },
            run: { plan in
                list.apply(deletes: plan.deletes, inserts: plan.inserts)
                EngineBenchmark.sink += list.scrollOffset
            })
        return results
    }

    static func estimate(_ call: Int) -> Double { estimateBase + Double(call % estimateSpread) }

    /// Half `batchSize` distinct random rows to delete (never the anchor) and half new rows at
    /// distinct random after-update indices.
    private func makeBatch(
        count: Int, anchor: Int64, id: (Int) -> Int64, nextID: inout Int64, random: inout SplitMix64
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
