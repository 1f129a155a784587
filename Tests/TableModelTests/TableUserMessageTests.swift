import Testing
@testable import TableModel

/// ``Table/userMessage(for:)``: the words a toast shows for a rejected intent.
@Suite struct TableUserMessageTests {
    @Test func errorsNameRowsByTheirContentNotTheirIDs() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        let tooLarge = TableError.textTooLarge(RowID(2), bytes: RowLimits.maxTextBytes + 1, limit: RowLimits.maxTextBytes)
        #expect(table.userMessage(for: tooLarge) == "The note “Buy milk” cannot take 10.0 MB of text: a row holds at most 10.0 MB.")
        #expect(table.userMessage(for: .nothingToExpand(RowID(2))) == "The note “Buy milk” already shows all its text; there is nothing to expand.")
        #expect(table.userMessage(for: .wrongKind(RowID(30), expected: .note, found: .toggle)) == "The row “Thirty” is not a note row, so this cannot be done to it.")
        #expect(table.userMessage(for: .unknownRow(RowID(999))) == "That row is no longer in the table.")
        let all: [TableError] = [
            tooLarge, .nothingToExpand(RowID(2)), .unknownRow(RowID(9)), .invalidLength(.nan, name: "width"),
            .headerHasNoActions(RowID(1)), .unknownAction(RowID(2), edge: .leading, index: 7),
            .layout(.invalidHeight(.nan, RowID(2))), .wrongKind(RowID(80), expected: .note, found: .grid),
        ]
        for error in all { #expect(!table.userMessage(for: error).contains("#"), "\(error)") }
    }
}
