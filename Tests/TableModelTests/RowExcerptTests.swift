import Testing
@testable import TableModel

/// How messages name rows: by the start of their text, never by their internal id (the app
/// words the sentences around these, RefusalWording and ToastWords).
@Suite struct RowExcerptTests {
    @Test func namesQuoteTheFirstLineOfARowsTextAndNeverItsID() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        #expect(table.row(RowID(2))?.quotedExcerpt == "Buy milk")
        #expect(table.row(RowID(30))?.quotedExcerpt == "Thirty")
        func excerpt(_ content: RowContent) -> String? { Row(id: RowID(1), content: content).quotedExcerpt }
        #expect(excerpt(.note(text: "  Call Anna\nabout Friday", expanded: false)) == "Call Anna")
        #expect(excerpt(.header(title: String(repeating: "ж", count: 40))) == String(repeating: "ж", count: 32) + "…")
        #expect(excerpt(.note(text: " \n ", expanded: false)) == nil)
        #expect(excerpt(.grid(chips: ["a", "b"])) == nil)
    }

    @Test func toastsQuoteTheStartOfARowsTextCutAfterAWholeWord() {
        func excerpt(_ content: RowContent) -> String? { Row(id: RowID(1), content: content).textExcerpt }
        #expect(excerpt(.note(text: "Groceries: oat milk, rye bread, two lemons.", expanded: false)) == "Groceries: oat milk…")
        #expect(excerpt(.note(text: "  Call Anna\nabout Friday", expanded: false)) == "Call Anna")
        #expect(excerpt(.toggle(title: "Exactly twenty chars", open: false)) == "Exactly twenty chars")
        #expect(excerpt(.note(text: String(repeating: "ж", count: 30), expanded: false)) == String(repeating: "ж", count: 20) + "…")
        #expect(excerpt(.note(text: " \n ", expanded: false)) == nil)
        #expect(excerpt(.grid(chips: ["a", "b"])) == nil)
    }
}
