import Foundation
import SQLiteStore
import Testing

@Suite struct SQLiteMigratorTests {
    let migrator = SQLiteMigrator(migrations: [
        "CREATE TABLE a(x INTEGER)",
        "ALTER TABLE a ADD COLUMN y TEXT",
    ])

    @Test func migratesStepByStepAndRecordsTheVersion() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try SQLiteConnection(path: folder.file("m.sqlite"), mode: .create)
        try SQLiteMigrator(migrations: [migrator.migrations[0]]).migrate(db)
        #expect(try db.userVersion() == 1)
        #expect(try migrator.migrate(db) == 1)
        #expect(try db.userVersion() == 2)
        try db.prepare("INSERT INTO a VALUES (?, ?)").run([1, "y"])
        #expect(try migrator.migrate(db) == 2)  // nothing left to do
    }

    @Test func aFutureVersionIsRefusedWithoutWriting() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("future.sqlite")
        do {
            let db = try SQLiteConnection(path: path, mode: .create)
            try db.execute("CREATE TABLE a(x); PRAGMA user_version = 9")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let db = try SQLiteConnection(path: path, mode: .readWrite)
        do {
            try migrator.migrate(db)
            Issue.record("migrated a future schema")
        } catch {
            #expect(error.kind == .futureSchema(found: 9, supported: 2))
            #expect(error.description.contains("newer version"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aFailingMigrationLeavesThePreviousVersion() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try SQLiteConnection(path: folder.file("m.sqlite"), mode: .create)
        let broken = SQLiteMigrator(migrations: [migrator.migrations[0], "ALTER TABLE missing ADD COLUMN z"])
        #expect(throws: SQLiteError.self) { try broken.migrate(db) }
        #expect(try db.userVersion() == 1)
    }
}
