import Foundation
import RowStore
import Synchronization
import TableModel
import Testing

/// Two writers on one database at once, each with its own connection and thread, as two app
/// instances would be: SQLite's locks serialise them, no write fails, and every committed
/// change of each is there at the end.
@Suite struct ConcurrentWriterTests {
    @Test func twoWritersAtOnceKeepEveryCommittedChange() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        var rows: [Row] = []
        for id in 1...200 { rows.append(Row(id: RowID(Int64(id)), content: .note(text: "start", expanded: false))) }
        _ = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: RowsFile(rows: rows))
        let failures = Mutex(0)
        let writers = (0..<2).map { _ in
            RowWriter(path: fixture.path("rows.sqlite")) { error in if error != nil { failures.withLock { $0 += 1 } } }
        }
        // Writer 0 edits rows 1–99, writer 1 rows 100–198, and both edit row 200, many times over.
        for round in 0..<150 {
            for (number, writer) in writers.enumerated() {
                let id = Int64(1 + number * 99 + round % 99)
                var changed: [RowID: Row] = [RowID(id): Row(id: RowID(id), content: .note(text: "w\(number) r\(round)", expanded: false))]
                changed[RowID(200)] = Row(id: RowID(200), content: .note(text: "w\(number) r\(round)", expanded: false))
                writer.submit(RowChanges(rows: changed))
            }
        }
        for writer in writers { #expect(writer.close() == nil) }
        #expect(failures.withLock { $0 } == 0)
        let database = try RowDatabase.open(path: fixture.path("rows.sqlite"))
        #expect(try database.integrityCheck() == "ok")
        let stored = Dictionary(uniqueKeysWithValues: try database.load().rows.map { ($0.id, $0.content) })
        for number in 0..<2 {
            for offset in 0..<99 {
                // The last write to each row wins: the latest round that wrote it.
                let last = (0..<150).last { $0 % 99 == offset }!
                #expect(stored[RowID(Int64(1 + number * 99 + offset))] == .note(text: "w\(number) r\(last)", expanded: false))
            }
        }
        #expect(stored[RowID(200)] == .note(text: "w0 r149", expanded: false) || stored[RowID(200)] == .note(text: "w1 r149", expanded: false))
    }
}
