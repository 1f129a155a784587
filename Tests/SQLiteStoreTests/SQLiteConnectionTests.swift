import Foundation
import SQLiteStore
import Testing

@Suite struct SQLiteConnectionTests {
    @Test func boundValuesRoundTripWithoutEnteringTheSQL() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try SQLiteConnection(path: folder.file("a.sqlite"), mode: .create)
        try db.execute("CREATE TABLE t(a INTEGER, b REAL, c TEXT, d BLOB)")
        let tricky = "x'); DROP TABLE t; --"
        try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?)").run([.integer(-7), .real(2.5), .text(tricky), .blob([0, 1, 255])])
        try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?)").run([nil, nil, "привет", nil])
        let select = try db.prepare("SELECT a, b, c, d IS NULL FROM t ORDER BY rowid")
        try select.bind([])
        #expect(try select.step())
        #expect(select.integer(0) == -7 && select.real(1) == 2.5 && select.text(2) == tricky && select.integer(3) == 0)
        #expect(try select.step())
        #expect(select.isNull(0) && select.optionalText(2) == "привет")
        #expect(try !select.step())
    }

    @Test func aFailedTransactionRollsBack() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try SQLiteConnection(path: folder.file("a.sqlite"), mode: .create)
        try db.execute("CREATE TABLE t(a INTEGER PRIMARY KEY)")
        #expect(throws: SQLiteError.self) {
            try db.transaction { () throws(SQLiteError) in
                try db.prepare("INSERT INTO t VALUES (?)").run([1])
                try db.prepare("INSERT INTO t VALUES (?)").run([1])  // constraint
            }
        }
        #expect(!db.isInTransaction)
        #expect(try db.prepare("SELECT count(*) FROM t").integerResult() == 0)
    }

    @Test func theWriteAheadLogIsUsed() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try SQLiteConnection(path: folder.file("a.sqlite"), mode: .create)
        try db.enableWriteAheadLog()
        let mode = try db.prepare("PRAGMA journal_mode")
        try mode.bind([])
        #expect(try mode.step() && mode.text(0) == "wal")
    }

    @Test func aFileThatIsNotADatabaseFailsOnFirstReadAndStaysUntouched() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("notes.sqlite")
        let bytes = Data(String(repeating: "not a database at all. ", count: 100).utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        let db = try SQLiteConnection(path: path, mode: .readWrite)
        do {
            _ = try db.userVersion()
            Issue.record("read a non-database")
        } catch {
            #expect(error.kind == .notADatabase)
            #expect(error.description.contains(path) && error.description.contains("not a rows database"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func aMissingFileIsNotCreatedUnlessAsked() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("missing.sqlite")
        #expect(throws: SQLiteError.self) { try SQLiteConnection(path: path, mode: .readWrite) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aBadStatementIsATypedError() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try SQLiteConnection(path: folder.file("a.sqlite"), mode: .create)
        do {
            _ = try db.prepare("SELEC 1")
            Issue.record("prepared bad SQL")
        } catch {
            #expect(error.code == 1 && error.message.contains("syntax error"))
        }
        #expect(throws: SQLiteError.self) { try db.prepare("SELECT ?").bind([1, 2]) }
    }
}
