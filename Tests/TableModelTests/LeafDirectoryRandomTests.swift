import Testing
@testable import TableModel

/// The leaf directory (`LeafDirectory`) against a naive prefix sum: seeded random inserts,
/// removes, moves (leaf splits and merges on tiny nodes, so ranks and blocks shift), height
/// and state changes, estimate changes, and rebuilds forced at random, so that queries run
/// both on a valid directory kept up to date by height changes (with its block tops, `BlockTops`,
/// cached or stale) and on the tree fallback.
@Suite struct LeafDirectoryRandomTests {
    static let runs = 6
    static let operationsPerRun = 4_000
    static let maximumRows = 300

    @Test(arguments: 0..<runs)
    func offsetsAgreeWithPrefixSums(run: Int) throws {
        let seed = TestSeed.value(fallback: 0xD1EC_0000 + UInt64(run))
        var random = SplitMix64(seed: seed)
        var nextID: Int64 = 1
        let initialCount = Int.random(in: 0...Self.maximumRows, using: &random)
        var reference = ReferenceHeights()
        reference.rows = (0..<initialCount).map { _ in
            defer { nextID += 1 }
            return randomRow(id: nextID, using: &random)
        }
        var index = try HeightIndex(
            rows: reference.rows.map {
                RowSpec(id: RowID($0.id), kind: $0.kind, measuredHeight: $0.state == .measured
                    ? HeightUnits.points(Int64($0.units)) : nil)
            },
            estimates: HeightEstimates(), leafCapacity: 4 + run % 3, branchCapacity: 4 + run % 2)
        var answeredByDirectory = 0
        var answeredByTree = 0
        var answeredByCachedTops = 0

        for step in 0..<Self.operationsPerRun {
            let context = "seed \(seed) step \(step)"
            let count = reference.rows.count
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<15 where count < Self.maximumRows:
                let position = Int.random(in: 0...count, using: &random)
                let row = randomRow(id: nextID, using: &random)
                nextID += 1
                index.insert(row, at: position)
                reference.rows.insert(row, at: position)
            case 0..<30 where count > 0:
                let position = Int.random(in: 0..<count, using: &random)
                #expect(index.remove(at: position) == reference.rows.remove(at: position), "\(context)")
            case 30..<35 where count > 0:
                let source = Int.random(in: 0..<count, using: &random)
                let destination = Int.random(in: 0..<count, using: &random)
                index.move(from: source, to: destination)
                reference.rows.insert(reference.rows.remove(at: source), at: destination)
            case 35..<75 where count > 0:
                let position = Int.random(in: 0..<count, using: &random)
                let units = randomUnits(using: &random)
                index.setMeasuredHeight(units, at: position)
                reference.rows[position].state = .measured
                reference.rows[position].units = units
            case 75..<82 where count > 0:
                let position = Int.random(in: 0..<count, using: &random)
                index.markEstimated(at: position)
                reference.rows[position] = .estimated(id: reference.rows[position].id, kind: reference.rows[position].kind)
            case 82..<88:
                let kind = RowKind.allCases.randomElement(using: &random)!
                let policy: EstimatePolicy = Bool.random(using: &random)
                    ? .fixed(Double(Int.random(in: 0...200, using: &random)))
                    : .learned(initial: Double(Int.random(in: 0...200, using: &random)))
                index.setEstimatePolicy(policy, for: kind)
                reference.policies[Int(kind.rawValue)] = policy
            case 88..<92:
                index.markAllStale()
                for position in reference.rows.indices where reference.rows[position].state == .measured {
                    reference.rows[position].state = .stale
                }
            default:
                index.rebuildDirectory()
            }
            index._checkInvariants()

            let offsets = reference.offsets()
            let queries = Int.random(in: 0...3, using: &random)
            for _ in 0..<queries where !reference.rows.isEmpty {
                if index.directory.isValid { answeredByDirectory += 1 } else { answeredByTree += 1 }
                let row = Int.random(in: 0..<reference.rows.count, using: &random)
                // Twice: the first query prices the row's block tops if they are stale and fit,
                // the second reads them.
                try #require(index.offsetUnits(ofRow: row) == offsets[row], "\(context) row \(row)")
                if index.hasCurrentTop(ofRow: row) { answeredByCachedTops += 1 }
                try #require(index.offsetUnits(ofRow: row) == offsets[row], "\(context) row \(row)")
                let found = try #require(index.find(reference.rows[row].id), "\(context)")
                let position = index.position(leaf: found.leaf, slot: found.slot)
                try #require(position.index == row && position.offset == offsets[row], "\(context) row \(row)")
            }
            try #require(index.offsetUnits(ofRow: reference.rows.count) == offsets.last!, "\(context)")
            if step % 200 == 0 {
                for row in reference.rows.indices {
                    try #require(index.offsetUnits(ofRow: row) == offsets[row], "\(context) row \(row)")
                }
            }
        }
        // Both paths were exercised.
        #expect(answeredByDirectory > Self.operationsPerRun / 4, "seed \(seed)")
        #expect(answeredByTree > Self.operationsPerRun / 20, "seed \(seed)")
        #expect(answeredByCachedTops > Self.operationsPerRun / 20, "seed \(seed)")
    }

    private func randomRow(id: Int64, using random: inout SplitMix64) -> RowRecord {
        .random(id: id, using: &random, units: randomUnits)
    }

    /// Mostly ordinary heights; one in 40 the tallest a row may be, so the packed sums carry
    /// their low lane into the high one and reach totals past 2^32 units.
    private func randomUnits(using random: inout SplitMix64) -> UInt32 {
        Int.random(in: 0..<40, using: &random) == 0
            ? UInt32(HeightUnits.units(TableLayout.maximumRowHeight))
            : UInt32.random(in: 0...(300 * 64), using: &random)
    }
}
