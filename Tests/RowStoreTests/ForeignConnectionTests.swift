import Foundation
import RowStore
import Testing
import TableModel

/// Another program may read the rows database while the app runs (a backup, the sqlite3
/// shell, the app's own `--export-json`). Closing its connection must leave the app's
/// connections in charge of the write-ahead log, so every commit of the app stays visible.
@Suite struct ForeignConnectionTests {
    /// Reads row 2's text in a process of its own, as another program would, and closes.
    private func textSeenByAnotherProgram(_ path: String) throws -> String {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", """
            import sqlite3, sys
            connection = sqlite3.connect(sys.argv[1])
            print(connection.execute("SELECT text FROM rows WHERE id = 2").fetchone()[0], end="")
            connection.close()
            """, path]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        return text
    }

    private func note(_ text: String) -> RowChanges {
        RowChanges(rows: [RowID(2): Row(id: RowID(2), content: .note(text: text, expanded: false))])
    }

    /// The writer opens its connection while the reader's is open, as in the app.
    @Test func anotherProgramClosingItsConnectionLeavesTheAppsLaterCommitsVisible() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        let reader = try RowDatabase.create(path: path, importing: StoreFixture.file)
        let writer = RowWriter(path: path) { _ in }
        writer.submit(note("first"))
        #expect(writer.flush() == nil)
        #expect(try textSeenByAnotherProgram(path) == "first")
        writer.submit(note("second"))
        #expect(writer.flush() == nil)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"), "the other program deleted the app's log")
        #expect(try textSeenByAnotherProgram(path) == "second", "the app's commit went to a log no one else sees")
        _ = reader
        #expect(writer.close() == nil)
    }
}
