import Foundation
import RowStore
@testable import TableModel
import Testing

/// Start-up reads only the outline; content is read when rows are laid out, bound or
/// sampled, through a bounded cache; edits behave as on a table held in memory.
@Suite struct LazyTableTests {
    private static func file(count: Int) -> RowsFile {
        var rows: [Row] = []
        for id in 1...count {
            let content: RowContent = switch id % 10 {
            case 0: .header(title: "Section \(id)")
            case 1, 2, 3: .toggle(title: "t\(id)", open: id % 3 == 0)
            default: .note(text: "note \(id) " + String(repeating: "word ", count: id % 40), expanded: id % 7 == 0)
            }
            rows.append(Row(id: RowID(Int64(id)), content: content))
        }
        return RowsFile(rows: rows)
    }

    private static func lazyTable(_ database: RowDatabase) throws -> Table {
        try Table(outline: try database.outline(), source: database, width: 400, viewportHeight: 600,
                  measurer: FixedAdvanceMeasurer(), clock: { 0 })
    }

    @Test func startUpReadsNoContentAndScrollingKeepsTheCacheBounded() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let file = Self.file(count: 20_000)
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: file)
        let table = try Self.lazyTable(database)
        #expect(table.rows.isLazy && table.rows.sourceReads == 0 && table.rows.residentCount == 0)
        #expect(table.count == 20_000 && table.layout.index(of: RowID(12_345)) == 12_344)
        _ = table.layOutVisibleRows()
        let firstScreen = table.rows.sourceReads
        #expect(firstScreen > 0 && firstScreen < 50)
        var offset = 0.0
        while offset < table.layout.contentHeight {
            offset += 5_000
            _ = table.layout.scroll(toOffset: offset)
            _ = table.layOutVisibleRows()
        }
        #expect(table.rows.residentCount <= 2 * RowContents.cacheCapacity)
        #expect(table.row(RowID(17))?.content == file.rows[16].content)
    }

    @Test func aLazyTableEditsAndSavesLikeOneInMemory() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let file = Self.file(count: 300)
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: file)
        let writer = try RowDatabase.open(path: fixture.path("rows.sqlite"))
        let lazy = try Self.lazyTable(database)
        let memory = try Table(file: file, width: 400, viewportHeight: 600, measurer: FixedAdvanceMeasurer(), clock: { 0 })
        var random = SeededRandom(seed: UInt64(ProcessInfo.processInfo.environment["TABLE_SEED"] ?? "") ?? 11)
        for step in 0..<400 {
            let id = memory.layout.id(at: Int(random.next() % UInt64(memory.count)))
            let choice = random.next() % 6
            for table in [lazy, memory] {
                switch choice {
                case 0: _ = try? table.pin(id)
                case 1: if table.count > 50 { _ = try? table.delete(id) }
                case 2: _ = table.undo()
                case 3: _ = table.redo()
                case 4: _ = try? table.setText("edit \(step)", for: id)
                default: _ = try? table.toggleFlag(id)
                }
            }
            if let changes = lazy.takeChanges(force: true) { try writer.apply(changes) }
            if step % 50 == 0 { #expect(lazy.snapshot() == memory.snapshot(), "step \(step)") }
        }
        #expect(lazy.snapshot() == memory.snapshot())
        #expect(try writer.load() == memory.snapshot())
        lazy._checkInvariants()
    }

    @Test func aRowAnotherProcessDeletedShowsEmptyInsteadOfTrapping() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: StoreFixture.file)
        let table = try Self.lazyTable(database)
        let other = try RowDatabase.open(path: fixture.path("rows.sqlite"))
        try other.apply(RowChanges(placements: [.removed(RowID(3))]))
        #expect(table.row(RowID(3))?.content == .note(text: "", expanded: false))
        #expect(table.readFailure(of: RowID(3))?.message.contains("no longer in") == true)
        #expect(table.readFailure(of: RowID(3))?.reason == .removed(file: fixture.path("rows.sqlite")))
        _ = table.layOutVisibleRows()
    }
}
