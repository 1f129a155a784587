import Testing
@testable import TableModel

/// Creating (E1) and moving (E2) rows while a find filter is on (F4), and with rows selected
/// (E3): the whole order and the shown rows agree, undo works in whole-table indices, and
/// the selection follows the rows.
@Suite struct TableCreateMoveFilteredTests {
    private func shown(_ table: Table) -> [Int64] { TableFilterTests.shownIDs(table) }
    private func whole(_ table: Table) -> [Int64] { TableFilterTests.wholeIDs(table) }

    @Test func aNoteCreatedWhileFilteredIsShownAndStaysInTheWholeOrder() throws {
        // Headers 1, 7, 13, 19.
        let table = try TableFilterTests.table(count: 20)
        _ = table.filter(to: RowMatches(sortedIDs: [3, 8, 13]))
        #expect(shown(table) == [1, 3, 7, 8, 13])
        let (afterThree, update) = try table.createNote(after: RowID(3))
        #expect(update.layout.inserted == [afterThree])
        #expect(shown(table) == [1, 3, afterThree.rawValue, 7, 8, 13])
        #expect(Array(whole(table).prefix(5)) == [1, 2, 3, afterThree.rawValue, 4])
        table._checkInvariants()
        table._checkFilterInvariants()
        _ = table.undo()
        #expect(shown(table) == [1, 3, 7, 8, 13])
        #expect(whole(table) == Array(1...20))
        _ = table.redo()
        #expect(shown(table) == [1, 3, afterThree.rawValue, 7, 8, 13])
        _ = table.clearFilter()
        #expect(Array(whole(table).prefix(5)) == [1, 2, 3, afterThree.rawValue, 4])
        table._checkInvariants()
    }

    @Test func withNoFocusANoteGoesAtTheTopOfTheFirstShownSection() throws {
        let table = try TableFilterTests.table(count: 20)
        _ = table.filter(to: RowMatches(sortedIDs: [8, 14]))
        #expect(shown(table) == [7, 8, 13, 14])
        let (id, _) = try table.createNote(after: nil)
        #expect(shown(table) == [7, id.rawValue, 8, 13, 14])
        #expect(Array(whole(table)[5...8]) == [6, 7, id.rawValue, 8])
        table._checkFilterInvariants()
    }

    @Test func aMoveWhileFilteredPassesOneShownRowAndLeavesTheHiddenOnesInPlace() throws {
        let table = try TableFilterTests.table(count: 20)
        _ = table.filter(to: RowMatches(sortedIDs: [3, 5, 8, 10]))
        #expect(shown(table) == [1, 3, 5, 7, 8, 10])
        // Up past a shown row: just before it; hidden 9 stays between 8 and 11.
        _ = try #require(try table.moveRow(RowID(10), .up))
        #expect(shown(table) == [1, 3, 5, 7, 10, 8])
        #expect(Array(whole(table)[6...10]) == [7, 10, 8, 9, 11])
        // Down across a header: to the top of the section below, in both orders.
        _ = try #require(try table.moveRow(RowID(5), .down))
        #expect(shown(table) == [1, 3, 7, 5, 10, 8])
        #expect(Array(whole(table)[0...7]) == [1, 2, 3, 4, 6, 7, 5, 10])
        // Up across it again: to the end of the section above, after hidden 6.
        _ = try #require(try table.moveRow(RowID(5), .up))
        #expect(shown(table) == [1, 3, 5, 7, 10, 8])
        #expect(Array(whole(table)[0...6]) == [1, 2, 3, 4, 6, 5, 7])
        table._checkInvariants()
        table._checkFilterInvariants()
        _ = table.undo()
        _ = table.undo()
        _ = table.undo()
        #expect(whole(table) == Array(1...20))
        #expect(shown(table) == [1, 3, 5, 7, 8, 10])
        _ = table.clearFilter()
        #expect(whole(table) == Array(1...20))
    }

    @Test func aMoveWhileFilteredLandsBelowHiddenPinnedRows() throws {
        let table = try TableFilterTests.table(count: 20)
        _ = try table.pin(RowID(9))
        _ = table.filter(to: RowMatches(sortedIDs: [5, 8]))
        #expect(shown(table) == [1, 5, 7, 8])
        _ = try #require(try table.moveRow(RowID(5), .down))
        #expect(shown(table) == [1, 7, 5, 8])
        #expect(Array(whole(table)[4...8]) == [6, 7, 9, 5, 8])
        // A drop in the header's place: just above it, at the end of the section above.
        _ = try table.moveRow(RowID(8), to: 1)
        #expect(shown(table) == [1, 8, 7, 5])
        #expect(Array(whole(table)[4...8]) == [6, 8, 7, 9, 5])
        table._checkFilterInvariants()
    }

    @Test func aMovedRowStaysSelectedAndANewRowStartsUnselected() throws {
        for filtered in [false, true] {
            let table = try TableFilterTests.table(count: 20)
            if filtered { _ = table.filter(to: RowMatches(sortedIDs: [3, 4, 5, 8, 10])) }
            _ = try table.toggleSelection(RowID(4))
            _ = try table.toggleSelection(RowID(8))
            _ = try #require(try table.moveRow(RowID(4), .up))
            _ = try #require(try table.moveRow(RowID(8), .down))
            let (id, _) = try table.createNote(after: RowID(4))
            #expect(table.isSelected(RowID(4)) && table.isSelected(RowID(8)))
            #expect(!table.isSelected(id) && !table.isSelected(RowID(3)) && !table.isSelected(RowID(5)))
            #expect(table.selection.count == 2)
        }
    }
}
