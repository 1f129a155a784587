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

/// Trash left by a run that was killed (its writer never closed) is purged by the next run's
/// writer before its first write, so its ids and batch numbers cannot come back.
@Suite struct LeftoverTrashTests {
    @Test func theNextWriterPurgesTrashAKilledRunLeft() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        let file = RowsFile(rows: (1...20).map { Row(id: RowID(Int64($0)), content: .note(text: "note \($0)", expanded: false)) })
        let database = try RowDatabase.create(path: path, importing: file)
        let table = try Table(outline: try database.outline(), source: database, width: 400, viewportHeight: 600,
                              measurer: FixedAdvanceMeasurer(), clock: { 0 })
        _ = table.layOutVisibleRows()
        _ = try table.toggleSelection(RowID(18))
        _ = try table.extendSelection(to: RowID(20))
        _ = table.deleteSelection()
        let killed = RowWriter(path: path) { _ in }
        killed.submit(try #require(table.takeChanges(force: true)))
        #expect(killed.flush() == nil)
        #expect(try database.content(of: RowID(20)).get().id == RowID(20))
        // The next run loads 17 rows; its first write purges the trash first.
        let next = try Table(outline: try RowDatabase.open(path: path).outline(), source: database, width: 400, viewportHeight: 600,
                             measurer: FixedAdvanceMeasurer(), clock: { 0 })
        let (id, _) = try next.createNote(after: RowID(17))
        #expect(id == RowID(18))
        let writer = RowWriter(path: path) { _ in }
        writer.submit(try #require(next.takeChanges(force: true)))
        #expect(writer.close() == nil)
        let reopened = try RowDatabase.open(path: path)
        #expect(try reopened.outline().map(\.id.rawValue) == Array(1...18))
        #expect(try reopened.load().rows.last == Row(id: id, content: .note(text: "", expanded: false)))
    }
}
