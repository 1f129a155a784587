import Testing

@testable import TableModel

/// Where a row stands in its section (what a keyboard move announces): its place among the
/// section's shown rows, their count and the section's title.
@Suite struct RowPlaceTests {
    @Test func aRowsPlaceCountsItsSectionsRowsOnly() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        #expect(table.place(of: RowID(2)) == RowPlace(position: 1, count: 3, section: "Notes"))
        #expect(table.place(of: RowID(4)) == RowPlace(position: 3, count: 3, section: "Notes"))
        #expect(table.place(of: RowID(31)) == RowPlace(position: 2, count: 2, section: "Heights"))
        #expect(table.place(of: RowID(90)) == RowPlace(position: 1, count: 1, section: "Rich"))
        #expect(table.place(of: RowID(5)) == nil)
        #expect(table.place(of: RowID(999)) == nil)
        _ = try #require(try table.moveRow(RowID(4), .down))
        #expect(table.place(of: RowID(4)) == RowPlace(position: 1, count: 3, section: "Heights"))
        #expect(table.place(of: RowID(3)) == RowPlace(position: 2, count: 2, section: "Notes"))
    }

    @Test func whileFilteredOnlyShownRowsCount() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = table.filter(to: RowMatches(sortedIDs: [1, 3, 4, 5, 31]))
        #expect(table.place(of: RowID(4)) == RowPlace(position: 2, count: 2, section: "Notes"))
        #expect(table.place(of: RowID(31)) == RowPlace(position: 1, count: 1, section: "Heights"))
        #expect(table.place(of: RowID(2)) == nil)
    }

    @Test func rowsAboveTheFirstHeaderHaveNoSection() throws {
        let file = RowsFile(rows: [
            Row(id: RowID(1), content: .note(text: "a", expanded: false)),
            Row(id: RowID(2), content: .note(text: "b", expanded: false)),
            Row(id: RowID(3), content: .header(title: "Later")),
            Row(id: RowID(4), content: .note(text: "c", expanded: false)),
        ])
        let table = try TableFixture(file: file).table
        #expect(table.place(of: RowID(2)) == RowPlace(position: 2, count: 2, section: nil))
        #expect(table.place(of: RowID(4)) == RowPlace(position: 1, count: 1, section: "Later"))
    }
}
