import Testing
@testable import TableModel

/// The height index's id table is built in bulk (``RowLocator/insertAll(rowCount:leafCount:checkingRepeats:id:)``):
/// every row is found, the table keeps its invariants, and a repeated id is caught at any size.
@Suite struct RowLocatorBulkTests {
    private func build(_ ids: [Int64], leafCapacity: Int) throws(BatchUpdateError) -> HeightIndex {
        try HeightIndex(rows: ids.map { RowSpec(id: RowID($0), kind: .note) }, estimates: HeightEstimates(policy: .fixed(10)),
                        leafCapacity: leafCapacity, branchCapacity: 4)
    }

    private func distinctIDs(_ count: Int, _ random: inout SplitMix64) -> [Int64] {
        var seen = Set<Int64>()
        var ids: [Int64] = []
        while ids.count < count {
            let id = Int64(bitPattern: random.next()) >> (random.next() % 2 == 0 ? 40 : 0)
            if seen.insert(id).inserted { ids.append(id) }
        }
        return ids
    }

    @Test(arguments: [0, 1, 5, 63, 64, 65, 1_000, 40_000, HeightIndex.rowsWorthASecondCore + 1])
    func everyRowIsFound(count: Int) throws {
        let seed = TestSeed.make()
        var random = SplitMix64(seed: seed)
        let ids = distinctIDs(count, &random)
        for leafCapacity in [4, HeightIndex.standardLeafCapacity] {
            let index = try build(ids, leafCapacity: leafCapacity)
            index._checkInvariants()
            #expect(ids.allSatisfy { index.find($0) != nil }, "seed \(seed)")
            #expect(index.locator.liveCount == count, "seed \(seed)")
        }
    }

    @Test func entriesWhoseFirstSlotsAreAtTheEndWrapRound() throws {
        let seed = TestSeed.make()
        var random = SplitMix64(seed: seed)
        let count = 40
        let capacity = RowLocator(rowCount: count).byteCount / MemoryLayout<UInt32>.stride
        // Half the ids start their probe in the table's last three slots.
        var ids = distinctIDs(count / 2, &random)
        while ids.count < count {
            let id = Int64(bitPattern: random.next())
            if Int(truncatingIfNeeded: RowLocator.hash(id)) & (capacity - 1) >= capacity - 3, !ids.contains(id) { ids.append(id) }
        }
        ids.shuffle(using: &random)
        let index = try build(ids, leafCapacity: 4)
        index._checkInvariants()
        #expect(ids.allSatisfy { index.find($0) != nil }, "seed \(seed)")
    }

    @Test(arguments: [2, 3, 64, 65, 1_000, 40_000, HeightIndex.rowsWorthASecondCore + 1])
    func aRepeatedIDIsCaught(count: Int) throws {
        let seed = TestSeed.make()
        var random = SplitMix64(seed: seed)
        var ids = distinctIDs(count - 1, &random)
        let repeated = ids[Int(random.next() % UInt64(ids.count))]
        ids.insert(repeated, at: Int(random.next() % UInt64(ids.count + 1)))
        for leafCapacity in [4, HeightIndex.standardLeafCapacity] {
            #expect(throws: BatchUpdateError.duplicateRow(RowID(repeated), operation: "init"), "seed \(seed)") {
                try build(ids, leafCapacity: leafCapacity)
            }
        }
    }
}
