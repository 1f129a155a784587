import Foundation
import RowStore
import SQLiteStore
import TableModel
import Testing

/// What the writer puts in the file for a row: a mark writes only the mark columns, and a row
/// the table could not read is never written, whatever the user tries (W6).
@Suite struct RowWriterColumnsTests {
    /// Every stored column of row `id`, as SQLite's `quote()` spells it (byte-exact), in column order.
    private static func storedColumns(of id: Int64, at path: String) throws -> [String] {
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        let select = try connection.prepare(
            "SELECT quote(id), quote(position), quote(kind), quote(text), quote(chips), quote(expanded), quote(flagged), quote(done), quote(extra), quote(pinned) FROM rows WHERE id = ?")
        try select.bind([.integer(id)])
        guard try select.step() else { return [] }
        return (0..<10).map { select.text(Int32($0)) }
    }

    private static func run(_ sql: String, at path: String) throws {
        try SQLiteConnection(path: path, mode: .readWrite).execute(sql)
    }

    /// Hands the table's changes to a writer on `path` and closes it, as quitting does.
    private static func save(_ table: Table, to path: String) -> RowStoreError? {
        let writer = RowWriter(path: path) { _ in }
        if let changes = table.takeChanges(force: true) { writer.submit(changes) }
        return writer.close()
    }

    private static func lazyTable(_ database: RowDatabase) throws -> Table {
        try Table(outline: try database.outline(), source: database, width: 400, viewportHeight: 600,
                  measurer: FixedAdvanceMeasurer(), clock: { 0 })
    }

    @Test func aMarkWritesOnlyItsColumns() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        let database = try RowDatabase.create(path: path, importing: StoreFixture.file)
        let table = try Self.lazyTable(database)
        _ = table.layOutVisibleRows()  // the table has read row 2
        // Another program changes the row's content and unknown fields after that read.
        try Self.run(#"UPDATE rows SET text = 'Buy oat milk', extra = '{"colour": "red"}' WHERE id = 2"#, at: path)
        let before = try Self.storedColumns(of: 2, at: path)
        _ = try table.toggleFlag(RowID(2))
        _ = try table.toggleDone(RowID(2))
        _ = try table.pin(RowID(2))
        #expect(Self.save(table, to: path) == nil)
        let after = try Self.storedColumns(of: 2, at: path)
        // id, kind, text, chips, expanded and extra as the other program left them; flagged, done, pinned set.
        for column in [0, 2, 3, 4, 5, 8] { #expect(after[column] == before[column], "column \(column)") }
        #expect([after[6], after[7], after[9]] == ["1", "1", "1"])
    }

    @Test(arguments: [
        (#"UPDATE rows SET extra = '{"source": "x"' WHERE id = 3"#, Int64(3)),
        (#"UPDATE rows SET chips = '["Swift", 4' WHERE id = 80"#, Int64(80)),
    ])
    func anUnreadableRowIsNeverWritten(damage: String, rowID: Int64) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        _ = try RowDatabase.create(path: path, importing: StoreFixture.file)
        try Self.run(damage, at: path)
        let before = try Self.storedColumns(of: rowID, at: path)
        let database = try RowDatabase.open(path: path)
        let table = try Table(outline: StoreFixture.file.rows.map { RowOutline(id: $0.id, kind: $0.kind) }, source: database,
                              width: 400, viewportHeight: 600, measurer: FixedAdvanceMeasurer(), clock: { 0 })
        _ = table.layOutVisibleRows()
        let id = RowID(rowID)
        _ = try? table.toggleFlag(id)
        _ = try? table.toggleDone(id)
        _ = try? table.pin(id)
        _ = try? table.setText("typed", for: id)
        _ = try? table.toggleExpanded(id)
        _ = try? table.performSwipeAction(on: id, edge: .trailing, index: 0)
        _ = try? table.delete(id)
        _ = table.undo()
        _ = try table.toggleFlag(RowID(2))  // a readable row still saves
        #expect(Self.save(table, to: path) == nil)
        #expect(try Self.storedColumns(of: rowID, at: path) == before)
        #expect(try Self.storedColumns(of: 2, at: path)[6] == "1")
    }
}
