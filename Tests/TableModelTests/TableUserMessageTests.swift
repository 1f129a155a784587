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

    @Test func toastsQuoteTheStartOfARowsTextCutAfterAWholeWord() {
        func excerpt(_ content: RowContent) -> String { Row(id: RowID(1), content: content).toastExcerpt }
        #expect(excerpt(.note(text: "Groceries: oat milk, rye bread, two lemons.", expanded: false)) == "“Groceries: oat milk…”")
        #expect(excerpt(.note(text: "  Call Anna\nabout Friday", expanded: false)) == "“Call Anna”")
        #expect(excerpt(.toggle(title: "Exactly twenty chars", open: false)) == "“Exactly twenty chars”")
        #expect(excerpt(.note(text: String(repeating: "ж", count: 30), expanded: false)) == "“" + String(repeating: "ж", count: 20) + "…”")
        #expect(excerpt(.note(text: " \n ", expanded: false)) == "an empty note")
        #expect(excerpt(.grid(chips: ["a", "b"])) == "the grid of 2 chips")
        #expect(Table.deletedMessage(for: Row(id: RowID(1), content: .header(title: "Notes"))) == "Deleted “Notes”")
    }
}
