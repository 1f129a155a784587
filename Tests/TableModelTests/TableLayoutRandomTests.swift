import Testing
@testable import TableModel

/// Random measurements, scrolls, viewport changes, estimate changes and batches (valid and
/// invalid) on a tiny-node layout, checked after every step against `ReferenceHeights` and
/// the scroll anchor rules (`ReferenceHeights.offsetInAnchorRow`: an anchor row that shrinks
/// past the anchor keeps its end on screen, or its top at the top).
@Suite struct TableLayoutRandomTests {
    static let runs = 4
    static let operationsPerRun = 9_000
    static let maximumRows = 40

    @Test(arguments: 0..<runs)
    func agreesWithReference(run: Int) throws {
        let seed = TestSeed.value(fallback: 0x1A70_0000 + UInt64(run))
        var random = SplitMix64(seed: seed)
        var nextID: Int64 = 0
        let initialRows = (0..<Int.random(in: 0...30, using: &random)).map { _ -> RowSpec in
            defer { nextID += 1 }
            return RowSpec(id: RowID(nextID), kind: RowKind.allCases.randomElement(using: &random)!)
        }
        let layout = try makeTinyLayout(initialRows, estimate: .standard, viewportHeight: 150)
        var reference = ReferenceHeights()
        reference.rows = initialRows.map { .estimated(id: $0.id.rawValue, kind: $0.kind) }

        for step in 0..<Self.operationsPerRun {
            let context = "seed \(seed) step \(step)"
            let anchorBefore = layout.anchor
            let anchorHeightBefore = anchorBefore.flatMap { reference.index(of: $0.id.rawValue) }.map { reference.heights()[$0] }
            let wasAtTop = layout.scrollOffset == 0
            var expectedOffset: Double?
            var anchorSurvives = true
            let count = reference.rows.count

            switch Int.random(in: 0..<100, using: &random) {
            case 0..<30 where count > 0:
                let position = Int.random(in: 0..<count, using: &random)
                let height = randomHeight(using: &random)
                _ = try layout.setMeasuredHeight(height, for: RowID(reference.rows[position].id))
                reference.rows[position].state = .measured
                reference.rows[position].units = UInt32(HeightUnits.units(height))
            case 30..<34 where count > 0:
                let position = Int.random(in: 0..<count, using: &random)
                _ = try layout.invalidateMeasurement(of: RowID(reference.rows[position].id))
                if reference.rows[position].state == .measured { reference.rows[position].state = .stale }
            case 34..<36:
                _ = layout.invalidateAllMeasurements()
                for position in reference.rows.indices where reference.rows[position].state == .measured {
                    reference.rows[position].state = .stale
                }
            case 36..<48:
                let offset = Double.random(in: -50...(layout.contentHeight + 50), using: &random)
                layout.scroll(toOffset: offset)
                expectedOffset = min(max(0, offset), max(0, layout.contentHeight - layout.viewportHeight))
            case 48..<52:
                layout.setViewportHeight(Double(Int.random(in: 0...300, using: &random)))
            case 52..<55:
                let kind = RowKind.allCases.randomElement(using: &random)!
                let policy: EstimatePolicy = Bool.random(using: &random)
                    ? .fixed(Double(Int.random(in: 0...80, using: &random)))
                    : .learned(initial: Double(Int.random(in: 1...80, using: &random)))
                _ = try layout.setEstimatePolicy(policy, for: kind)
                reference.policies[Int(kind.rawValue)] = policy
            case 55..<70:
                let before = LayoutSnapshot(layout)
                var batch = randomBatch(reference, nextID: &nextID, using: &random).batch
                corrupt(&batch, reference, using: &random)
                #expect(throws: BatchUpdateError.self, "\(context)") { try layout.performBatch(batch) }
                try #require(LayoutSnapshot(layout) == before, "\(context)")
            default:
                let (batch, plan) = randomBatch(reference, nextID: &nextID, using: &random)
                _ = try layout.performBatch(batch)
                if let anchorBefore, plan.leaving.contains(anchorBefore.id.rawValue) { anchorSurvives = false }
                apply(plan, to: &reference)
            }

            layout._checkInvariants()
            try compare(layout, reference, context: context)
            let maxOffset = max(0, layout.contentHeight - layout.viewportHeight)
            if let expectedOffset {
                try #require(layout.scrollOffset == expectedOffset, "\(context)")
            } else if wasAtTop {
                try #require(layout.scrollOffset == 0, "\(context): the top stays at the top")
            } else if let anchorBefore, let anchorHeightBefore, anchorSurvives {
                let position = reference.index(of: anchorBefore.id.rawValue)!
                let top = HeightUnits.points(reference.offsets()[position])
                let inRow = ReferenceHeights.offsetInAnchorRow(
                    anchorBefore.offsetInRow, heightBefore: HeightUnits.points(anchorHeightBefore),
                    heightAfter: HeightUnits.points(reference.heights()[position]), viewportHeight: layout.viewportHeight)
                let expected = min(max(0, top + inRow), maxOffset)
                try #require(layout.scrollOffset == expected, "\(context): the anchor row moved on screen")
            }
        }
    }

    /// The requests of a random valid batch, in reference terms.
    struct Plan {
        var leaving: Set<Int64> = []
        var arrivals: [(index: Int, row: RowRecord?, id: Int64)] = []
        var stale: [Int64] = []
        var heights: [(id: Int64, units: UInt32)] = []
    }

    private func randomBatch(
        _ reference: ReferenceHeights, nextID: inout Int64, using random: inout SplitMix64
    ) -> (batch: BatchUpdate, plan: Plan) {
        var batch = BatchUpdate()
        var plan = Plan()
        var untouched = reference.rows.map(\.id).shuffled(using: &random)
        let deletes = Int.random(in: 0...min(4, untouched.count), using: &random)
        for _ in 0..<deletes {
            let id = untouched.removeLast()
            batch.delete(RowID(id))
            plan.leaving.insert(id)
        }
        let moves = Int.random(in: 0...min(3, untouched.count), using: &random)
        var moved: [Int64] = []
        for _ in 0..<moves { moved.append(untouched.removeLast()) }
        let inserts = reference.rows.count < Self.maximumRows ? Int.random(in: 0...4, using: &random) : 0
        let newCount = reference.rows.count - deletes + inserts
        var destinations = Array(0..<newCount).shuffled(using: &random).prefix(moves + inserts).makeIterator()
        for id in moved {
            let destination = destinations.next()!
            batch.move(RowID(id), to: destination)
            plan.leaving.insert(id)
            plan.arrivals.append((destination, nil, id))
        }
        for _ in 0..<inserts {
            let destination = destinations.next()!
            let kind = RowKind.allCases.randomElement(using: &random)!
            let height: Double? = Bool.random(using: &random) ? randomHeight(using: &random) : nil
            batch.insert(RowSpec(id: RowID(nextID), kind: kind, measuredHeight: height), at: destination)
            let row = height.map { RowRecord(id: nextID, kind: kind, state: .measured, units: UInt32(HeightUnits.units($0))) }
                ?? .estimated(id: nextID, kind: kind)
            plan.arrivals.append((destination, row, nextID))
            nextID += 1
        }
        let survivors = untouched + moved
        for id in survivors.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)) {
            switch Int.random(in: 0..<3, using: &random) {
            case 0: batch.reload(RowID(id)); plan.stale.append(id)
            case 1: batch.invalidateHeight(of: RowID(id)); plan.stale.append(id)
            default:
                let height = randomHeight(using: &random)
                batch.setMeasuredHeight(height, for: RowID(id))
                plan.heights.append((id, UInt32(HeightUnits.units(height))))
            }
        }
        return (batch, plan)
    }

    /// Adds one request that makes the batch invalid.
    private func corrupt(_ batch: inout BatchUpdate, _ reference: ReferenceHeights, using random: inout SplitMix64) {
        let someID = reference.rows.randomElement(using: &random)?.id
        switch Int.random(in: 0..<6, using: &random) {
        case 0: batch.delete(RowID(-1))
        case 1: batch.insert(RowSpec(id: RowID(someID ?? -5), kind: .note), at: 0)
            if someID == nil { batch.insert(RowSpec(id: RowID(-5), kind: .note), at: 0) }
        case 2: batch.insert(RowSpec(id: RowID(-2), kind: .note), at: reference.rows.count + 10)
        case 3: batch.setMeasuredHeight(.nan, for: RowID(someID ?? -3))
        case 4: batch.move(RowID(-4), to: 0)
        default:
            if let someID { batch.delete(RowID(someID)); batch.reload(RowID(someID)) } else { batch.reload(RowID(-6)) }
        }
    }

    private func apply(_ plan: Plan, to reference: inout ReferenceHeights) {
        var movedRows: [Int64: RowRecord] = [:]
        for row in reference.rows where plan.leaving.contains(row.id) { movedRows[row.id] = row }
        reference.rows.removeAll { plan.leaving.contains($0.id) }
        for arrival in plan.arrivals.sorted(by: { $0.index < $1.index }) {
            reference.rows.insert(arrival.row ?? movedRows[arrival.id]!, at: arrival.index)
        }
        for id in plan.stale {
            let position = reference.index(of: id)!
            if reference.rows[position].state == .measured { reference.rows[position].state = .stale }
        }
        for (id, units) in plan.heights {
            let position = reference.index(of: id)!
            reference.rows[position].state = .measured
            reference.rows[position].units = units
        }
    }

    private func randomHeight(using random: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<12, using: &random) {
        case 0: 0
        case 1: TableLayout.maximumRowHeight
        default: Double(Int.random(in: 1...(120 * 64), using: &random)) / 64
        }
    }

    private func compare(_ layout: TableLayout, _ reference: ReferenceHeights, context: String) throws {
        var rows: [RowRecord] = []
        layout.index.forEachRow(from: 0) { rows.append($0); return true }
        try #require(rows == reference.rows, "\(context)")
        let offsets = reference.offsets()
        try #require(layout.contentHeight == HeightUnits.points(offsets.last!), "\(context)")
        guard let anchor = layout.anchor else { return }
        let expected = ReferenceHeights.row(atOffset: HeightUnits.unitsRoundingDown(layout.scrollOffset), offsets: offsets)
        try #require(anchor.id.rawValue == reference.rows[expected!.index].id, "\(context)")
    }
}
