import Testing

@testable import TableModel

/// Pin and Unpin (S6, S9), and actions that reflect a row's marks.
@Suite struct TablePinTests {
    @Test func pinMarksTheRowAndUnpinPutsItBelowThePinnedRows() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.pin(RowID(4))
        _ = try table.pin(RowID(3))
        #expect(fixture.order() == [1, 3, 4, 2, 5, 30, 31, 6, 80, 7, 90])
        #expect(table.row(RowID(3))!.pinned && table.row(RowID(4))!.pinned && !table.row(RowID(2))!.pinned)
        let update = try table.unpin(RowID(3))
        #expect(update.refresh == [RowID(3)])
        #expect(fixture.order() == [1, 4, 3, 2, 5, 30, 31, 6, 80, 7, 90])
        #expect(!table.row(RowID(3))!.pinned)
        _ = table.undo()
        #expect(fixture.order() == [1, 3, 4, 2, 5, 30, 31, 6, 80, 7, 90] && table.row(RowID(3))!.pinned)
        _ = table.redo()
        #expect(fixture.order() == [1, 4, 3, 2, 5, 30, 31, 6, 80, 7, 90] && !table.row(RowID(3))!.pinned)
        // An unpinned row stays where it is.
        #expect(try table.unpin(RowID(2)).layout.moved.isEmpty)
        #expect(throws: TableError.headerHasNoActions(RowID(1))) { try table.unpin(RowID(1)) }
    }

    @Test func pinningTheTopRowMarksItWithoutMoving() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.pin(RowID(2))
        #expect(fixture.order() == [1, 2, 3, 4, 5, 30, 31, 6, 80, 7, 90] && table.row(RowID(2))!.pinned)
        _ = table.undo()
        #expect(!table.row(RowID(2))!.pinned)
    }

    @Test func actionsOfferToReverseWhatIsMarked() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        func titles(_ edge: SwipeEdge) throws -> [String] {
            try table.swipeConfiguration(for: RowID(2), edge: edge)!.actions.map(\.title)
        }
        #expect(try titles(.leading) == ["Pin", "Done"] && titles(.trailing) == ["Delete", "Flag"])
        _ = try table.performSwipeAction(on: RowID(2), edge: .leading, index: 0)
        _ = try table.performSwipeAction(on: RowID(2), edge: .leading, index: 1)
        _ = try table.performSwipeAction(on: RowID(2), edge: .trailing, index: 1)
        #expect(try titles(.leading) == ["Unpin", "Not Done"] && titles(.trailing) == ["Delete", "Unflag"])
        let row = table.row(RowID(2))!
        #expect(row.pinned && row.done && row.flagged)
        _ = try table.performSwipeAction(on: RowID(2), edge: .leading, index: 0)
        _ = try table.performSwipeAction(on: RowID(2), edge: .leading, index: 1)
        _ = try table.performSwipeAction(on: RowID(2), edge: .trailing, index: 1)
        let after = table.row(RowID(2))!
        #expect(!after.pinned && !after.done && !after.flagged)
        #expect(try titles(.leading) == ["Pin", "Done"])
    }

    @Test func thePinMarkSurvivesSavingAndLoading() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.pin(RowID(3))
        let loaded = try RowsFile.decode(table.snapshot().encoded(), file: "rows.json")
        #expect(loaded.rows.first { $0.id == RowID(3) }?.pinned == true)
        #expect(loaded.rows.first { $0.id == RowID(2) }?.pinned == false)
    }

    @Test func aBottomInsetExtendsTheScrollRangeAndKeepsTheAnchor() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        let end = table.layout.maxScrollOffset
        table.layout.setBottomInset(72)
        #expect(table.layout.maxScrollOffset == end + 72)
        table.layout.scroll(toOffset: .infinity)
        table.layout.setBottomInset(0)
        #expect(table.layout.scrollOffset == end)
    }

    @Test func focusNamesAnExistingRowAndADeleteClearsIt() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        try table.setFocusedRow(RowID(3))
        #expect(table.focusedRow == RowID(3))
        #expect(throws: TableError.unknownRow(RowID(77))) { try table.setFocusedRow(RowID(77)) }
        #expect(table.focusedRow == RowID(3))
        _ = try table.delete(RowID(3))
        #expect(table.focusedRow == nil)
    }
}
