import Foundation
@testable import RowStore
import SQLiteStore
import TableModel
import Testing

/// The outline snapshot is a cache start-up may read instead of the covering index: it is
/// read only while current and intact, and every path that changes the outline, the app's
/// own writes or another program's, makes it stale.
@Suite struct OutlineSnapshotTests {
    /// The outline as the covering index has it.
    private func indexed(_ database: RowDatabase) throws -> [RowOutline] {
        try database.readOutline(usingSnapshot: false).rows
    }

    /// The table's rows as an outline.
    private func outline(of table: Table) -> [RowOutline] {
        table.snapshot().rows.map { row in
            var open = false
            if case .toggle(_, let isOpen) = row.content { open = isOpen }
            return RowOutline(id: row.id, kind: row.kind, toggleOpen: open)
        }
    }

    private func save(_ table: Table, _ database: RowDatabase) throws {
        if let changes = table.takeChanges(force: true) { try database.apply(changes) }
    }

    @Test func anImportHasACurrentSnapshotOfItsRows() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: StoreFixture.file)
        let read = try database.readOutline()
        #expect(read.fromSnapshot)
        #expect(read.rows == (try indexed(database)))
        #expect(read.rows.first { $0.id == RowID(30) }?.toggleOpen == true)
    }

    @Test func contentEditsKeepItAndOutlineChangesMakeItStale() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: StoreFixture.file)
        let table = try StoreFixture.table(StoreFixture.file)
        _ = try table.setText("Buy oat milk", for: RowID(2))
        // Five lines overflow the collapsed area, so the note has something to collapse (N2).
        _ = try table.setText("one\ntwo\nthree\nfour\nfive", for: RowID(3))
        _ = try table.toggleExpanded(RowID(3))
        _ = try table.toggleFlag(RowID(80))
        try save(table, database)
        #expect(try database.readOutline().fromSnapshot, "text, a note's expanded state and marks are not in the outline")
        let outlineChanges: [(String, () throws -> Void)] = [
            ("a toggle opened", { _ = try table.toggleOpen(RowID(30)) }),
            ("a pin", { _ = try table.pin(RowID(90)) }),
            ("a delete", { _ = try table.delete(RowID(2)) }),
            ("an undo (an insert)", { _ = table.undo() }),
        ]
        for (name, change) in outlineChanges {
            let before = try database.readOutline()
            try change()
            try save(table, database)
            let after = try database.readOutline()
            #expect(!after.fromSnapshot, "\(name) left the snapshot current")
            #expect(after.rows == outline(of: table), "\(name)")
            #expect(after.stamp != before.stamp, "\(name)")
            #expect(try database.writeOutlineSnapshot(after.rows, stamp: after.stamp!))
            #expect(try database.readOutline().fromSnapshot)
            #expect(try database.readOutline().rows == (try indexed(database)))
        }
    }

    @Test func anotherProgramsChangeMakesItStale() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: StoreFixture.file)
        let other = try SQLiteConnection(path: fixture.path("rows.sqlite"), mode: .readWrite)
        for change in ["UPDATE rows SET text = 'x' WHERE id = 2", "UPDATE rows SET expanded = 1 - expanded WHERE id = 2"] {
            try other.execute(change)
            #expect(try database.readOutline().fromSnapshot, "\(change) changed the stamp")
        }
        for change in ["DELETE FROM rows WHERE id = 3", "UPDATE rows SET position = -1 WHERE id = 90",
                       "UPDATE rows SET kind = 'note' WHERE id = 1", "UPDATE rows SET expanded = 0 WHERE id = 30",
                       "INSERT INTO rows (id, kind, position) VALUES (500, 'note', 5)"] {
            let read = try database.readOutline()
            try database.writeOutlineSnapshot(read.rows, stamp: read.stamp!)
            try other.execute(change)
            let after = try database.readOutline()
            #expect(!after.fromSnapshot, "\(change) left the snapshot current")
            #expect(after.rows == (try indexed(database)))
        }
    }

    @Test func aSnapshotTakenBeforeAChangeIsNotStored() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: StoreFixture.file)
        let old = try database.readOutline()
        try database.connection.execute("DELETE FROM rows WHERE id = 80")
        #expect(try !database.writeOutlineSnapshot(old.rows, stamp: old.stamp!))
        #expect(try database.readOutline().rows == (try indexed(database)))
        #expect(try database.readOutline().rows.count == StoreFixture.file.rows.count - 1)
    }

    @Test func aDamagedSnapshotIsIgnored() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: StoreFixture.file)
        let good = OutlineSnapshot.encode(try indexed(database))
        var damaged: [[UInt8]] = [[], Array(good.prefix(good.count - 1)), good + [0], Array(good.prefix(OutlineSnapshot.headerSize))]
        for offset in [0, 4, 8, 16, OutlineSnapshot.headerSize, good.count - 1] {
            var flipped = good
            flipped[offset] ^= 0x01
            damaged.append(flipped)
        }
        var unknownKind = try indexed(database)
        unknownKind[0].kind = .note
        var badKind = OutlineSnapshot.encode(unknownKind)
        badKind[OutlineSnapshot.headerSize + unknownKind.count * 8] = 0x07
        damaged.append(badKind)
        for (number, data) in damaged.enumerated() {
            #expect(data.withUnsafeBytes(OutlineSnapshot.decode) == nil, "damage \(number) decoded")
            try database.connection.prepare("UPDATE outline_snapshot SET data = ?").run([.blob(data)])
            let read = try database.readOutline()
            #expect(!read.fromSnapshot, "damage \(number) was read")
            #expect(read.rows == (try indexed(database)))
        }
        #expect(good.withUnsafeBytes(OutlineSnapshot.decode) == (try indexed(database)))
    }

    @Test func aVersionThreeFileMigratesAndGetsItsSnapshotOnceWritten() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        do {
            let database = try RowDatabase.create(path: path, importing: StoreFixture.file)
            try database.connection.execute("""
                \(RowSchema.dropSearchTriggers); DROP TABLE rows_search;
                DROP TRIGGER rows_outline_trashed; DROP INDEX rows_outline; ALTER TABLE rows DROP COLUMN trashed;
                CREATE INDEX rows_outline ON rows (position, id, kind, expanded);
                DROP TABLE view_state; DROP TABLE outline_snapshot; DROP TABLE outline_stamp; \(RowSchema.dropOutlineTriggers);
                PRAGMA user_version = 3
                """)
        }
        let database = try RowDatabase.open(path: path)
        let read = try database.readOutline()
        #expect(!read.fromSnapshot)
        #expect(read.rows.map(\.id) == StoreFixture.file.rows.map(\.id))
        #expect(RowDatabase.storeOutlineSnapshot(read, at: path))
        #expect(try database.readOutline().fromSnapshot)
    }
}
