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
/// The engine's and the Fenwick list's rounds alternate, so their ratio is taken under one load.
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
    /// Rounds of the engine's (and the Fenwick list's) point operations, and calls a round.
    /// A round lasts well under a scheduler time slice (about 0.1–0.4 ms), so on a shared
    /// machine a round that another process preempted is an outlier the median drops,
    /// rather than one of a few long rounds that all were.
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
        engineRounds = quick ? 3 : 41
        engineOperations = quick ? 20 : 400
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
        var fenwick = FenwickHeightList(
            rows: rows, estimate: EstimatePolicy.defaultInitialHeight, viewportHeight: EngineBenchmark.viewportHeight)
        var random = SplitMix64(seed: EngineBenchmark.seed ^ UInt64(rowCount))
        let inputs = Inputs(
            ids: (0..<EngineBenchmark.sampleCount).map { _ in Int64.random(in: 0..<Int64(rowCount), using: &random) },
            heights: (0..<EngineBenchmark.sampleCount).map { _ in
                Double(Int.random(in: EngineBenchmark.rowHeights, using: &random))
            },
            fractions: (0..<EngineBenchmark.sampleCount).map { _ in Double.random(in: 0..<1, using: &random) })

        let paired = timeEngineAndFenwick(layout, &fenwick, inputs, random: &random)
        var naive = NaiveHeightList(
            rows: rows, estimate: EstimatePolicy.defaultInitialHeight, viewportHeight: EngineBenchmark.viewportHeight)
        let naiveTimes = time(&naive, inputs, random: &random)
        return paired.map { operation, engine, fenwick in
            Measurement(operation: operation, rowCount: rowCount, engineNanoseconds: engine,
                        naiveNanoseconds: naiveTimes[operation] ?? 0, fenwickNanoseconds: fenwick)
        }
    }

    /// Times the engine and the Fenwick list on each operation, their rounds taken in turn
    /// (`Stopwatch.interleavedMedians`), so both run under the same machine load. Both start
    /// scrolled to the middle and answer the same calls (call `k` reads input `k`).
    private func timeEngineAndFenwick(
        _ layout: TableLayout, _ list: inout FenwickHeightList, _ inputs: Inputs, random: inout SplitMix64
    ) -> [(String, Double, Double)] {
        let mask = inputs.mask
        list.scroll(toOffset: list.contentHeight / 2)
        /// Medians of `rounds` rounds each, `engineCalls` and `fenwickCalls` calls a round.
        func paired(
            rounds: Int, engineCalls: Int, fenwickCalls: Int, engine: (Int) -> Void, fenwick: (Int) -> Void
        ) -> (Double, Double) {
            let medians = Stopwatch.interleavedMedians(
                rounds: rounds,
                { round in Stopwatch.roundNanoseconds(calls: engineCalls, from: round * engineCalls, engine) },
                { round in Stopwatch.roundNanoseconds(calls: fenwickCalls, from: round * fenwickCalls, fenwick) })
            return (medians.first, medians.second)
        }
        func point(_ engine: (Int) -> Void, _ fenwick: (Int) -> Void) -> (Double, Double) {
            paired(rounds: engineRounds, engineCalls: engineOperations, fenwickCalls: engineOperations,
                   engine: engine, fenwick: fenwick)
        }
        var results: [(String, Double, Double)] = []
        func record(_ operation: String, _ times: (Double, Double)) { results.append((operation, times.0, times.1)) }

        record("set-height", point({ call in
            let changes = try? layout.setMeasuredHeight(inputs.heights[call & mask], for: RowID(inputs.ids[call & mask]))
            EngineBenchmark.sink += changes?.scrollOffset ?? 0
        }, { call in
            list.setMeasuredHeight(inputs.heights[call & mask], for: inputs.ids[call & mask])
            EngineBenchmark.sink += list.scrollOffset
        }))
        record("row-at-offset", point({ call in
            EngineBenchmark.sink += layout.row(atOffset: inputs.fractions[call & mask] * layout.contentHeight)?.offsetInRow ?? 0
        }, { call in
            EngineBenchmark.sink += list.row(atOffset: inputs.fractions[call & mask] * list.contentHeight).offsetInRow
        }))
        record("offset-of-row", point({ call in
            EngineBenchmark.sink += layout.offset(ofRow: Int(inputs.ids[call & mask]))
        }, { call in
            EngineBenchmark.sink += list.offset(ofRow: Int(inputs.ids[call & mask]))
        }))
        record("anchor-correction", paired(
            rounds: linearRounds, engineCalls: engineOperations, fenwickCalls: linearOperations,
            engine: { call in
                let changes = try? layout.setEstimatePolicy(.fixed(EngineBenchmark.estimate(call)), for: .note)
                EngineBenchmark.sink += changes?.scrollOffset ?? 0
            },
            fenwick: { call in
                list.setEstimate(EngineBenchmark.estimate(call), for: .note)
                EngineBenchmark.sink += list.scrollOffset
            }))
        var engineNextID = Int64(rowCount)
        var fenwickNextID = Int64(rowCount)
        let engineBatches = max(1, engineOperations / EngineBenchmark.batchCallDivisor)
        let fenwickBatches = max(1, linearOperations / EngineBenchmark.batchCallDivisor)
        let batches = Stopwatch.interleavedMedians(
            rounds: linearRounds,
            { round in
                Stopwatch.roundNanoseconds(
                    calls: engineBatches, from: round * engineBatches,
                    prepare: { _ in makeBatch(count: layout.count, anchor: layout.anchor?.id.rawValue ?? -1,
                                              id: { layout.id(at: $0).rawValue }, nextID: &engineNextID, random: &random) },
                    run: { plan in
                        var batch = BatchUpdate()
                        for id in plan.deletes { batch.delete(RowID(id)) }
                        for insert in plan.inserts {
                            batch.insert(RowSpec(id: RowID(insert.id), kind: insert.kind), at: insert.index)
                        }
                        EngineBenchmark.sink += (try? layout.performBatch(batch))?.scrollOffset ?? 0
                    })
            },
            { round in
                Stopwatch.roundNanoseconds(
                    calls: fenwickBatches, from: round * fenwickBatches,
                    prepare: { _ in makeBatch(count: list.count, anchor: list.anchorID, id: { list.id(at: $0) },
                                              nextID: &fenwickNextID, random: &random) },
                    run: { plan in
                        list.apply(deletes: plan.deletes, inserts: plan.inserts)
                        EngineBenchmark.sink += list.scrollOffset
                    })
            })
        record("batch-100", (batches.first, batches.second))
        return results
    }

    /// Times the naive list on the same operations, scrolled to the middle first; every one
    /// of its operations is O(n), so it runs `linearOperations` calls a round.
    private func time(_ list: inout NaiveHeightList, _ inputs: Inputs, random: inout SplitMix64) -> [String: Double] {
        let mask = inputs.mask
        list.scroll(toOffset: list.contentHeight / 2)
        func median(_ body: (Int) -> Void) -> Double {
            Stopwatch.medianNanoseconds(rounds: linearRounds, operationsPerRound: linearOperations, body)
        }
        var results: [String: Double] = [:]
        results["set-height"] = median { call in
            list.setMeasuredHeight(inputs.heights[call & mask], for: inputs.ids[call & mask])
            EngineBenchmark.sink += list.scrollOffset
        }
        results["row-at-offset"] = median { call in
            EngineBenchmark.sink += list.row(atOffset: inputs.fractions[call & mask] * list.contentHeight).offsetInRow
        }
        results["offset-of-row"] = median { call in
            EngineBenchmark.sink += list.offset(ofRow: Int(inputs.ids[call & mask]))
        }
        results["anchor-correction"] = median { call in
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
