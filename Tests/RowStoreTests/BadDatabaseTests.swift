import Foundation
import Glibc
import RowStore
import SQLiteStore
import TableModel
import Testing

/// Each kind of bad database is refused with a message naming the file and saying what to
/// do, and the file is left exactly as it was, byte for byte (W6).
@Suite struct BadDatabaseTests {
    /// Opens `name` expecting a failure of `kind`; checks the bytes did not change.
    private func expectRefusal(_ fixture: StoreFixture, _ name: String, _ kind: SQLiteError.Kind, mentioning words: String,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try fixture.bytes(name)
        do {
            let database = try RowDatabase.open(path: fixture.path(name), busyTimeoutMilliseconds: 200)
            _ = try database.load()
            Issue.record("opened a bad database", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == kind, sourceLocation: sourceLocation)
            #expect(error.description.contains(fixture.path(name)) && error.description.contains(words), "\(error)", sourceLocation: sourceLocation)
        }
        #expect(try fixture.bytes(name) == before, sourceLocation: sourceLocation)
        let walBytes = (try? fixture.bytes(name + "-wal")) ?? Data()
        #expect(walBytes.isEmpty, sourceLocation: sourceLocation)
    }

    private func largeDatabase(_ fixture: StoreFixture, _ name: String) throws {
        var rows: [Row] = []
        for id in 1...3000 { rows.append(Row(id: RowID(Int64(id)), content: .note(text: "note \(id) " + String(repeating: "x", count: 100), expanded: false))) }
        _ = try RowDatabase.create(path: fixture.path(name), importing: RowsFile(rows: rows))
    }

    @Test func notADatabase() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try Data(String(repeating: "hello, not sqlite\n", count: 500).utf8).write(to: URL(fileURLWithPath: fixture.path("rows.sqlite")))
        try expectRefusal(fixture, "rows.sqlite", .notADatabase, mentioning: "not a rows database")
    }

    @Test func anEmptyFile() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try Data().write(to: URL(fileURLWithPath: fixture.path("rows.sqlite")))
        try expectRefusal(fixture, "rows.sqlite", .notADatabase, mentioning: "empty")
    }

    @Test func aTruncatedDatabase() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try largeDatabase(fixture, "rows.sqlite")
        let whole = try fixture.bytes("rows.sqlite")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: fixture.path("rows.sqlite")))
        try expectRefusal(fixture, "rows.sqlite", .corrupt, mentioning: "cut short")
    }

    @Test func aDatabaseFromANewerVersion() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        do {
            let database = try SQLiteConnection(path: fixture.path("rows.sqlite"), mode: .create)
            try database.execute("CREATE TABLE rows(id INTEGER PRIMARY KEY); PRAGMA user_version = 99")
        }
        try expectRefusal(fixture, "rows.sqlite", .futureSchema(found: 99, supported: RowDatabase.schemaVersion), mentioning: "newer version")
    }

    @Test func anSQLiteFileThatIsNotARowsDatabase() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        do {
            let database = try SQLiteConnection(path: fixture.path("other.sqlite"), mode: .create)
            try database.execute("CREATE TABLE photos(id INTEGER PRIMARY KEY)")
        }
        try expectRefusal(fixture, "other.sqlite", .wrongSchema, mentioning: "not a rows database")
    }

    @Test func aDatabaseLockedByAnotherProgram() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try largeDatabase(fixture, "rows.sqlite")
        let before = try fixture.bytes("rows.sqlite")
        let holder = try SQLiteConnection(path: fixture.path("rows.sqlite"), mode: .readWrite)
        try holder.execute("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE rows SET done = done")
        do {
            _ = try RowDatabase.open(path: fixture.path("rows.sqlite"), busyTimeoutMilliseconds: 200).load()
            Issue.record("opened a locked database")
        } catch {
            #expect(error.kind == .locked && error.description.contains("Close the other program"), "\(error)")
        }
        try holder.execute("ROLLBACK")
        #expect(try fixture.bytes("rows.sqlite") == before)
    }

    /// Makes a path unwritable even for root (`chattr +i`), or by mode for anyone else.
    private func protect(_ path: String, _ on: Bool) throws {
        if getuid() == 0 {
            let chattr = Process()
            chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
            chattr.arguments = [on ? "+i" : "-i", path]
            try chattr.run()
            chattr.waitUntilExit()
        } else {
            chmod(path, on ? 0o555 : 0o755)
        }
    }

    @Test func aReadOnlyFile() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: StoreFixture.file)
        try protect(fixture.path("rows.sqlite"), true)
        defer { try? protect(fixture.path("rows.sqlite"), false) }
        try expectRefusal(fixture, "rows.sqlite", .readOnly, mentioning: "Check the permissions")
    }

    @Test func aReadOnlyFolder() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: StoreFixture.file)
        try protect(fixture.folder, true)
        defer { try? protect(fixture.folder, false) }
        try expectRefusal(fixture, "rows.sqlite", .readOnly, mentioning: "folder")
    }
}
