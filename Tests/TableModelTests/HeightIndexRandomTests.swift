import Testing
@testable import TableModel

/// Random operations on a tiny-node index (capacities 4 to 6, odd and even), checked against
/// `ReferenceHeights` after every step.
@Suite struct HeightIndexRandomTests {
    static let runs = 8
    static let operationsPerRun = 8_000
    static let maximumRows = 48

    @Test(arguments: 0..<runs)
    func agreesWithReference(run: Int) throws {
        let seed = TestSeed.value(fallback: 0x5EED_0000 + UInt64(run))
        var random = SplitMix64(seed: seed)
        var nextID: Int64 = 1
        let initialCount = Int.random(in: 0...40, using: &random)
        let initialKinds = (0..<initialCount).map { _ in RowKind.allCases.randomElement(using: &random)! }
        let initialIDs = (0..<initialCount).map { Int64($0) * 7 + 1 }
        nextID = Int64(initialCount) * 7 + 1
        var index = try HeightIndex(
            rows: zip(initialIDs, initialKinds).map { RowSpec(id: RowID($0), kind: $1) }, estimates: HeightEstimates(),
            leafCapacity: 4 + run % 2, branchCapacity: 4 + run % 3)
        var reference = ReferenceHeights()
        reference.rows = zip(initialIDs, initialKinds).map { RowRecord.estimated(id: $0, kind: $1) }

        for step in 0..<Self.operationsPerRun {
            let context = "seed \(seed) step \(step)"
            let operation = Int.random(in: 0..<100, using: &random)
            let count = reference.rows.count
            switch operation {
            case 0..<25 where count < Self.maximumRows:
                let position = Int.random(in: 0...count, using: &random)
                let row = randomRow(id: nextID, using: &random)
                nextID += Int64.random(in: 1...3, using: &random)
                index.insert(row, at: position)
                reference.rows.insert(row, at: position)
            case 0..<45 where count > 0:
                let position = Int.random(in: 0..<count, using: &random)
                let removed = index.remove(at: position)
                #expect(removed == reference.rows.remove(at: position), "\(context)")
            case 45..<55 where count > 0:
                let source = Int.random(in: 0..<count, using: &random)
                let destination = Int.random(in: 0..<count, using: &random)
                index.move(from: source, to: destination)
                reference.rows.insert(reference.rows.remove(at: source), at: destination)
            case 55..<80 where count > 0:
                let position = Int.random(in: 0..<count, using: &random)
                let units = randomUnits(using: &random)
                index.setMeasuredHeight(units, at: position)
                reference.rows[position].state = .measured
                reference.rows[position].units = units
            case 80..<86 where count > 0:
                let position = Int.random(in: 0..<count, using: &random)
                index.markEstimated(at: position)
                reference.rows[position] = .estimated(id: reference.rows[position].id, kind: reference.rows[position].kind)
            case 86..<92 where count > 0:
                let position = Int.random(in: 0..<count, using: &random)
                let (leaf, slot) = index.locate(index: position)
                index.markStale(leaf: leaf, slot: slot)
                if reference.rows[position].state == .measured { reference.rows[position].state = .stale }
            case 92..<94:
                index.markAllStale()
                for position in reference.rows.indices where reference.rows[position].state == .measured {
                    reference.rows[position].state = .stale
                }
            case 94..<97:
                let kind = RowKind.allCases.randomElement(using: &random)!
                let policy: EstimatePolicy = Bool.random(using: &random)
                    ? .fixed(Double(Int.random(in: 0...200, using: &random)))
                    : .learned(initial: Double(Int.random(in: 0...200, using: &random)) / 4)
                index.setEstimatePolicy(policy, for: kind)
                reference.policies[Int(kind.rawValue)] = policy
            default:
                let lower = Int.random(in: 0...count, using: &random)
                let upper = Int.random(in: lower...min(count, lower + 6), using: &random)
                let newRows = (0..<Int.random(in: 0...5, using: &random)).map { _ -> (id: Int64, kind: RowKind) in
                    defer { nextID += 1 }
                    return (nextID, RowKind.allCases.randomElement(using: &random)!)
                }
                index.splice(lower..<upper, with: newRows)
                reference.rows.replaceSubrange(
                    lower..<upper, with: newRows.map { RowRecord.estimated(id: $0.id, kind: $0.kind) })
            }
            index._checkInvariants()
            try compare(&index, reference, context: context, using: &random)
        }
    }

    private func randomRow(id: Int64, using random: inout SplitMix64) -> RowRecord {
        .random(id: id, using: &random, units: randomUnits)
    }

    /// Mostly ordinary heights, sometimes zero, sometimes huge.
    private func randomUnits(using random: inout SplitMix64) -> UInt32 {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: 0
        case 1: UInt32(HeightUnits.units(TableLayout.maximumRowHeight))
        default: UInt32.random(in: 1...(200 * 64), using: &random)
        }
    }

    /// Checks `index`'s queries against the reference. The descents re-price the nodes they
    /// pass, so `index` is taken inout: later steps then run on a mix of current and stale
    /// prices, and `position` is checked both before and after them.
    private func compare(
        _ index: inout HeightIndex, _ reference: ReferenceHeights, context: String,
        using random: inout SplitMix64
    ) throws {
        let offsets = reference.offsets()
        let estimates = reference.estimates()
        try #require(index.count == reference.rows.count, "\(context)")
        try #require(index.totalUnits == offsets.last!, "\(context)")
        for kind in RowKind.allCases {
            try #require(index.estimates.units(for: kind) == estimates[Int(kind.rawValue)], "\(context) \(kind)")
        }
        let count = reference.rows.count
        guard count > 0 else {
            try #require(index.row(atOffset: 0) == nil, "\(context)")
            return
        }
        let position = Int.random(in: 0..<count, using: &random)
        let row = reference.rows[position]
        let found = try #require(index.find(row.id), "\(context)")
        let locatedBefore = index.position(leaf: found.leaf, slot: found.slot)
        try #require(locatedBefore.index == position && locatedBefore.offset == offsets[position], "\(context)")
        try #require(index.record(at: position) == reference.rows[position], "\(context)")
        try #require(index.offsetUnits(ofRow: position) == offsets[position], "\(context)")
        let located = index.position(leaf: found.leaf, slot: found.slot)
        try #require(located.index == position && located.offset == offsets[position], "\(context)")
        index._checkInvariants()
        try #require(index.find(-row.id - 1) == nil, "\(context)")
        let y = Int64.random(in: -10...(offsets.last! + 10), using: &random)
        let hit = index.row(atOffset: max(0, y))
        let expected = ReferenceHeights.row(atOffset: max(0, y), offsets: offsets)
        try #require(hit?.index == expected?.index && hit?.top == expected?.top, "\(context) y \(y)")
        let kind = RowKind.allCases.randomElement(using: &random)!
        let end = Int.random(in: 0...count, using: &random)
        let expectedCount = reference.rows[..<end].reduce(0) { $0 + ($1.kind == kind ? 1 : 0) }
        try #require(index.countOfKind(kind, before: end) == expectedCount, "\(context)")
        let expectedIndex = reference.rows[end...].firstIndex { $0.kind == kind }
        try #require(index.indexOfKind(kind, ordinal: expectedCount) == expectedIndex, "\(context)")
        if Int.random(in: 0..<20, using: &random) == 0 {
            var all: [RowRecord] = []
            index.forEachRow(from: 0) { all.append($0); return true }
            try #require(all == reference.rows, "\(context)")
        }
    }
}
