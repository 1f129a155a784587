import SQLiteStore
import Testing

@Suite struct SQLiteIntegerCollectorTests {
    @Test func aQueryHandsOverEveryValueInTheOrderSQLiteReadThem() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try SQLiteConnection(path: folder.file("a.sqlite"), mode: .create)
        try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, tag TEXT)")
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?)")
        for id in [5, 3, 9, 1, 7, 1 << 40] { try insert.run([.integer(Int64(id)), .text(id % 3 == 0 ? "x" : "y")]) }
        let collector = try SQLiteIntegerCollector(connection: db, name: "collect")
        let select = try db.prepare("SELECT collect(id) FROM t WHERE tag = ?")
        try select.bind(["y"])
        #expect(try collector.collect(select) == [1, 5, 7, 1 << 40])
        // The statement is reset and the values of one run never leak into the next.
        try select.bind(["x"])
        #expect(try collector.collect(select, expected: 8) == [3, 9])
        try select.bind(["none"])
        #expect(try collector.collect(select).isEmpty)
    }

    @Test func noSchemaObjectCanCallIt() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try SQLiteConnection(path: folder.file("a.sqlite"), mode: .create)
        _ = try SQLiteIntegerCollector(connection: db, name: "collect")
        try db.execute("CREATE TABLE t(a INTEGER)")
        try db.execute("CREATE VIEW v AS SELECT collect(a) AS c FROM t")
        #expect(throws: SQLiteError.self) { try db.execute("SELECT * FROM v") }
    }
}
