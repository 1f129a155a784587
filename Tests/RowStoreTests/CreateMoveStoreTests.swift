import Foundation
import RowStore
import TableModel
import Testing

/// A created note and a moved row each reach the database as one row written (E1, E2), and
/// the database reads back as the table.
@Suite struct CreateMoveStoreTests {
    @Test func aCreateAndAMoveWriteOnlyTheirRow() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: StoreFixture.file)
        let table = try StoreFixture.table(StoreFixture.file)
        func save() throws -> Int {
            let before = database.rowsWritten
            if let changes = table.takeChanges(force: true) { try database.apply(changes) }
            return database.rowsWritten - before
        }
        let (id, _) = try table.createNote(after: RowID(2))
        #expect(try save() <= 2 + 1)  // the insert and its content, and the outline stamp
        _ = try table.setText("a new note", for: id)
        #expect(try save() == 1)
        _ = try table.moveRow(RowID(30), .up)
        #expect(try save() <= 1 + 1)  // its order key, and the outline stamp
        #expect(try database.load() == table.snapshot())
        _ = table.undo()
        _ = table.undo()
        _ = table.undo()
        _ = try save()
        #expect(try database.load() == StoreFixture.file)
    }
}
