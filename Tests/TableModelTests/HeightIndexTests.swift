import Testing
@testable import TableModel

@Suite struct HeightIndexTests {
    private func tinyIndex(_ count: Int, idStride: Int64 = 1) throws -> HeightIndex {
        try HeightIndex(
            rows: (0..<count).map { RowSpec(id: RowID(Int64($0) * idStride), kind: .note) },
            estimates: HeightEstimates(policy: .fixed(10)), leafCapacity: 4, branchCapacity: 4)
    }

    @Test func emptyIndex() throws {
        var index = try tinyIndex(0)
        index._checkInvariants()
        #expect(index.count == 0 && index.totalUnits == 0)
        #expect(index.row(atOffset: 0) == nil)
        #expect(index.offsetUnits(ofRow: 0) == 0)
        index.insert(.estimated(id: 5, kind: .toggle), at: 0)
        index._checkInvariants()
        #expect(index.count == 1 && index.find(5) != nil)
        index.remove(at: 0)
        index._checkInvariants()
        #expect(index.count == 0 && index.find(5) == nil)
    }

    @Test(arguments: [1, 3, 4, 5, 17, 64, 65, 1_000])
    func bulkBuildIsBalanced(count: Int) throws {
        var index = try tinyIndex(count)
        index._checkInvariants()
        #expect(index.count == count)
        #expect(index.totalUnits == Int64(count) * 640)
        for position in [0, count / 2, count - 1] {
            #expect(index.record(at: position).id == Int64(position))
            #expect(index.offsetUnits(ofRow: position) == Int64(position) * 640)
        }
    }

    @Test func growsAndShrinksThroughEveryLevel() throws {
        var index = try tinyIndex(0)
        for id in 0..<300 {
            index.insert(.estimated(id: Int64(id), kind: .note), at: id / 2)
            index._checkInvariants()
        }
        #expect(index.depth >= 4, "tiny nodes give a deep tree")
        for id in 0..<300 where id % 3 != 0 {
            index.remove(at: index.position(leaf: index.find(Int64(id))!.leaf, slot: index.find(Int64(id))!.slot).index)
            index._checkInvariants()
        }
        while index.count > 0 {
            index.remove(at: index.count / 2)
            index._checkInvariants()
        }
        #expect(index.depth == 0)
    }

    /// Prefix caches: queries rebuild the stale ones they need and later queries read them (a
    /// stale block of row tops is priced by its first query, and its whole group once a second
    /// block of it is); a height change keeps valid node caches valid and makes the row tops of
    /// its block and of the later blocks of its group stale; an estimate change makes priced
    /// caches stale without touching a node, and the answers follow the new estimate.
    @Test func prefixCachesFollowHeightsAndEstimates() throws {
        var index = try tinyIndex(200)
        #expect(index.directory.isValid)
        #expect(index.directory.blockShift == 1, "blocks of 2 rows, groups of 32")
        #expect(!index.hasCurrentTop(ofRow: 150))
        #expect(index.offsetUnits(ofRow: 150) == 150 * 640)
        #expect(index.hasCurrentTop(ofRow: 150), "a query prices its block")
        #expect(!index.hasCurrentTop(ofRow: 130), "and only its block")
        #expect(index.offsetUnits(ofRow: 140) == 140 * 640)
        #expect(index.hasCurrentTop(ofRow: 130), "a second block of the group prices the group")
        #expect(index.offsetUnits(ofRow: 130) == 130 * 640)
        #expect(index.offsetUnits(ofRow: 2) == 2 * 640)
        #expect(index.offsetUnits(ofRow: 4) == 4 * 640)
        index.setMeasuredHeight(64 * 25, at: 3)
        #expect(index.hasCurrentTop(ofRow: 150), "a change in another group keeps its tops")
        #expect(index.hasCurrentTop(ofRow: 1), "and so does a block before it in its group")
        #expect(!index.hasCurrentTop(ofRow: 3), "a change makes its own block's tops stale")
        #expect(!index.hasCurrentTop(ofRow: 4), "and those of the later blocks of its group")
        index._checkInvariants()
        #expect(index.offsetUnits(ofRow: 150) == 149 * 640 + 64 * 25)
        #expect(index.offsetUnits(ofRow: 3) == 3 * 640)
        #expect(index.offsetUnits(ofRow: 5) == 4 * 640 + 64 * 25)
        #expect(index.hasCurrentTop(ofRow: 3))
        #expect(index.row(atOffset: 149 * 640 + 64 * 25)?.index == 150)
        index.setEstimatePolicy(.fixed(20), for: .note)
        #expect(!index.hasCurrentTop(ofRow: 150))
        index._checkInvariants()
        #expect(index.offsetUnits(ofRow: 150) == 149 * 1_280 + 64 * 25)
        let (hitLeaf, hitSlot) = index.locate(index: 150)
        #expect(index.position(leaf: hitLeaf, slot: hitSlot) == (150, 149 * 1_280 + 64 * 25))
        #expect(index.hasCurrentTop(ofRow: 150))
        #expect(index.row(atOffset: 149 * 1_280 + 64 * 25 - 1)?.index == 149)
        index._checkInvariants()
    }

    /// A block whose row tops, or whose group's rows before it, pass 32 bits keeps no cache;
    /// its rows are summed and every answer stays exact. Other blocks are cached as usual.
    @Test func aGroupTooTallForItsTopsIsSummed() throws {
        var index = try HeightIndex(
            rows: (0..<80).map { RowSpec(id: RowID(Int64($0)), kind: .note) },
            estimates: HeightEstimates(policy: .fixed(10)), leafCapacity: 8, branchCapacity: 4)
        #expect(index.directory.blockShift == 2, "blocks of 4 rows, groups of 64")
        let tallest = UInt32(HeightUnits.units(TableLayout.maximumRowHeight))
        for position in 4..<8 { index.setMeasuredHeight(tallest, at: position) }
        let top = 4 * 640 + 2 * Int64(tallest)
        #expect(index.offsetUnits(ofRow: 6) == top)
        #expect(!index.hasCurrentTop(ofRow: 6), "tops past 2^32 units are not cached")
        #expect(index.row(atOffset: top + 1)?.index == 6)
        #expect(index.row(atOffset: top - 1)?.index == 5)
        #expect(index.offsetUnits(ofRow: 11) == 7 * 640 + 4 * Int64(tallest))
        #expect(index.offsetUnits(ofRow: 9) == 5 * 640 + 4 * Int64(tallest))
        #expect(!index.hasCurrentTop(ofRow: 9), "the rows of its group before it pass 2^32 units")
        #expect(index.offsetUnits(ofRow: 2) == 2 * 640)
        #expect(index.hasCurrentTop(ofRow: 2), "the block before the tall rows fits")
        #expect(index.offsetUnits(ofRow: 70) == 66 * 640 + 4 * Int64(tallest))
        #expect(index.offsetUnits(ofRow: 70) == 66 * 640 + 4 * Int64(tallest))
        #expect(index.hasCurrentTop(ofRow: 70), "the next group's tops fit")
        index._checkInvariants()
    }

    /// The stamps of the block tops are 16 bits wide: after a window's worth of estimate
    /// changes every stamp is cleared once, and no block priced at an old generation is ever
    /// taken for current.
    @Test func blockTopStampsSurviveTheirWindow() throws {
        var index = try tinyIndex(40)
        #expect(index.offsetUnits(ofRow: 30) == 30 * 640)
        #expect(index.offsetUnits(ofRow: 30) == 30 * 640)
        #expect(index.hasCurrentTop(ofRow: 30))
        let window = Int(BlockTops.stampWindow)
        for change in 1...window + 2 {
            index.setEstimatePolicy(.fixed(Double(10 + change % 2)), for: .note)
            if change == window - 1 || change == window + 1 {
                for _ in 0..<2 { #expect(index.offsetUnits(ofRow: 10) == 10 * Int64(64 * (10 + change % 2))) }
            }
        }
        // Row 30's block was priced at 10 px a window of generations ago; the estimate is now
        // 11 px, and its stamp must not read as current.
        #expect(!index.hasCurrentTop(ofRow: 30))
        #expect(index.offsetUnits(ofRow: 30) == 30 * 704)
        index._checkInvariants()
    }

    @Test func locatorSurvivesRebuildsAndTombstones() throws {
        var index = try tinyIndex(10, idStride: 1 << 40)
        for round in 0..<2_000 {
            let id = Int64(round) &* 0x9E37_79B9 | 1
            index.insert(.estimated(id: id, kind: .grid), at: index.count / 3)
            index.remove(at: 0)
        }
        index._checkInvariants()
        #expect(index.count == 10)
    }

    @Test func moveKeepsHeightAndState() throws {
        var index = try tinyIndex(20)
        index.setMeasuredHeight(4_000, at: 3)
        index.move(from: 3, to: 17)
        index._checkInvariants()
        #expect(index.record(at: 17) == RowRecord(id: 3, kind: .note, state: .measured, units: 4_000))
        #expect(index.totalUnits == 19 * 640 + 4_000)
    }

    @Test func spliceReplacesARange() throws {
        var index = try tinyIndex(30)
        index.splice(5..<25, with: [(100, .header), (101, .rich)])
        index._checkInvariants()
        #expect(index.count == 12)
        #expect(index.record(at: 5).id == 100 && index.record(at: 6).id == 101 && index.record(at: 7).id == 25)
    }

    @Test func estimatesChangeWithoutTouchingNodes() throws {
        var index = try tinyIndex(100)
        let inners = index.innerSummaries
        index.setEstimatePolicy(.fixed(20), for: .note)
        #expect(index.innerSummaries == inners)
        #expect(index.totalUnits == 100 * 20 * 64)
    }

    @Test func kindQueries() throws {
        var index = try tinyIndex(0)
        for position in 0..<40 {
            index.insert(.estimated(id: Int64(position), kind: position % 10 == 0 ? .header : .note), at: position)
        }
        #expect(index.countOfKind(.header, before: 0) == 0)
        #expect(index.countOfKind(.header, before: 11) == 2)
        #expect(index.indexOfKind(.header, ordinal: 3) == 30)
        #expect(index.indexOfKind(.header, ordinal: 4) == nil)
        #expect(index.indexOfKind(.grid, ordinal: 0) == nil)
    }

    /// The budget is 32 bytes per row at 1,000,000 rows; the bench measures that size.
    /// Here, a quarter of it in a debug build.
    @Test func compactStorage() throws {
        let count = 250_000
        let index = try HeightIndex(
            rows: (0..<count).map { RowSpec(id: RowID(Int64($0)), kind: .toggle) }, estimates: HeightEstimates())
        #expect(Double(index.byteCount) / Double(count) <= 32)
    }
}
