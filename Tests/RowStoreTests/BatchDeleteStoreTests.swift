import Foundation
import RowStore
@testable import TableModel
import Testing

/// A batch delete of the selection in the store (E3, E4): one transaction marks the rows
/// trashed, an undo brings them back with their content, and a quit purges them.
@Suite struct BatchDeleteStoreTests {
    private static func file(count: Int) -> RowsFile {
        RowsFile(rows: (1...count).map { Row(id: RowID(Int64($0)), content: .note(text: "note \($0)", expanded: false)) })
    }

    private static func lazyTable(_ database: RowDatabase) throws -> Table {
        try Table(outline: try database.outline(), source: database, width: 400, viewportHeight: 600,
                  measurer: FixedAdvanceMeasurer(), clock: { 0 })
    }

    @Test func aBatchDeleteIsTrashedInOneWriteAndUndoBringsTheContentBack() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        let database = try RowDatabase.create(path: path, importing: Self.file(count: 2_000))
        let table = try Self.lazyTable(database)
        _ = table.layOutVisibleRows()
        _ = try table.toggleSelection(RowID(5))
        _ = try table.extendSelection(to: RowID(1_500))
        _ = try table.toggleSelection(RowID(1_800))
        let writer = RowWriter(path: path) { _ in }
        _ = table.deleteSelection()
        writer.submit(try #require(table.takeChanges(force: true)))
        #expect(writer.flush() == nil)
        #expect(try RowDatabase.open(path: path).outline().count == 2_000 - 1_497)
        #expect(try RowDatabase.open(path: path).load().rows.count == 503)

        _ = table.undo()
        #expect(table.row(RowID(700))?.content == .note(text: "note 700", expanded: false))
        writer.submit(try #require(table.takeChanges(force: true)))
        #expect(writer.flush() == nil)
        let reopened = try RowDatabase.open(path: path)
        #expect(try reopened.outline().map(\.id) == (1...2_000).map { RowID(Int64($0)) })

        _ = table.redo()
        writer.submit(try #require(table.takeChanges(force: true)))
        #expect(writer.close() == nil)
        // Quitting purged the trashed rows: the file holds only the rows left.
        let afterQuit = try RowDatabase.open(path: path)
        #expect(try afterQuit.outline().count == 503 && afterQuit.content(of: RowID(700)).isFailure)
    }
}

private extension Result {
    var isFailure: Bool { if case .failure = self { true } else { false } }
}
