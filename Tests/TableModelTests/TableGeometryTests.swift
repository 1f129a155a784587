import Testing
@testable import TableModel

/// The view's read-only access to the layout (``Table/geometry``) and the two layout
/// changes the app asks the table for: the bottom inset and a kind's estimate policy.
@Suite struct TableGeometryTests {
    static func table() throws -> Table {
        try TableFilterTests.table(count: 200)
    }

    @Test func geometryReadsTheShownLayoutFilteredOrNot() throws {
        let table = try Self.table()
        _ = table.scroll(toOffset: 2_000)
        let matches = RowMatches(sortedIDs: (1...200).filter { $0 % 4 == 0 })
        _ = table.filter(to: matches)
        let filtered = table.geometry
        #expect(filtered.count == table.layout.count && filtered.count < table.wholeLayout.count)
        #expect(filtered.scrollOffset == table.layout.scrollOffset)
        let id = filtered.id(at: 10)
        #expect(filtered.placement(of: id) == table.layout.placement(of: id))
        #expect(filtered.stickyHeader() == table.layout.stickyHeader())
        _ = table.clearFilter()
        #expect(table.geometry.count == 200)
        #expect(table.geometry.anchor == table.layout.anchor)
    }

    @Test func theBottomInsetLetsTheLastRowScrollClearAndKeepsTheTopRow() throws {
        let table = try Self.table()
        _ = table.scroll(toOffset: 1_000)
        let anchor = table.geometry.anchor
        let end = table.geometry.maxScrollOffset
        let update = table.setBottomInset(48)
        #expect(table.geometry.bottomInset == 48)
        #expect(table.geometry.maxScrollOffset == end + 48)
        #expect(table.geometry.anchor == anchor)
        #expect(update.layout.scrollOffset == table.geometry.scrollOffset)
        _ = table.setBottomInset(-.infinity)
        #expect(table.geometry.bottomInset == 0)
        _ = table.setBottomInset(.nan)
        #expect(table.geometry.bottomInset == 0)
        table._checkInvariants()
    }

    @Test func aBottomInsetSetWhileFilteredOutlivesTheFilter() throws {
        let table = try Self.table()
        _ = table.filter(to: RowMatches(sortedIDs: [3, 8, 13]))
        _ = table.setBottomInset(48)
        _ = table.clearFilter()
        #expect(table.geometry.bottomInset == 48)
        table._checkInvariants()
    }

    @Test func anEstimatePolicyReachesTheWholeTableUnderAFilter() throws {
        let table = try Self.table()
        _ = table.filter(to: RowMatches(sortedIDs: (1...200).filter { $0 % 3 != 0 }))
        let height = table.geometry.contentHeight
        let update = try table.setEstimatePolicy(.fixed(77), for: .note)
        #expect(table.geometry.contentHeight != height)
        #expect(update.layout.contentHeight == table.geometry.contentHeight)
        #expect(table.layout.estimatePolicy(for: .note) == .fixed(77))
        _ = table.clearFilter()
        #expect(table.layout.estimatePolicy(for: .note) == .fixed(77))
        table._checkInvariants()
    }

    @Test func aBadEstimateIsRefusedAndChangesNothing() throws {
        let table = try Self.table()
        let before = table.layout.estimatePolicy(for: .note)
        let height = table.geometry.contentHeight
        #expect(throws: TableError.layout(.invalidEstimate(-1, .note))) {
            try table.setEstimatePolicy(.learned(initial: -1), for: .note)
        }
        #expect(table.layout.estimatePolicy(for: .note) == before)
        #expect(table.geometry.contentHeight == height)
    }
}
