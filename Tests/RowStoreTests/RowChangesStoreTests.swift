import Foundation
import RowStore
import TableModel
import Testing

/// Every change is a small transaction proportional to the rows it touches (W6), and the
/// database always reads back as the table's rows in the table's order.
@Suite struct RowChangesStoreTests {
    private func save(_ table: Table, _ database: RowDatabase) throws -> Int {
        let before = database.rowsWritten
        if let changes = table.takeChanges(force: true) { try database.apply(changes) }
        return database.rowsWritten - before
    }

    @Test func eachIntentWritesOnlyItsRow() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: StoreFixture.file)
        let table = try StoreFixture.table(StoreFixture.file)
        _ = try table.setText("Buy oat milk", for: RowID(2))
        #expect(try save(table, database) == 1)
        // Five lines overflow the collapsed area, so the note has something to collapse (N2).
        _ = try table.setText("one\ntwo\nthree\nfour\nfive", for: RowID(3))
        _ = try table.toggleExpanded(RowID(3))
        #expect(try save(table, database) == 1)
        // A change to the outline also bumps the one-row outline stamp (schema version 4).
        _ = try table.toggleOpen(RowID(30))
        #expect(try save(table, database) == 1 + 1)
        _ = try table.toggleFlag(RowID(80))
        _ = try table.toggleDone(RowID(80))
        #expect(try save(table, database) == 1)
        _ = try table.pin(RowID(90))
        #expect(try save(table, database) <= 2 + 1)  // its pin mark, and its new place
        _ = try table.delete(RowID(3))
        #expect(try save(table, database) == 1 + 1)
        _ = table.undo()
        #expect(try save(table, database) <= 2 + 1)  // the insert, and its content
        _ = table.redo()
        #expect(try save(table, database) == 1 + 1)
        #expect(try database.load() == table.snapshot())
    }

    @Test func randomIntentsKeepTheDatabaseEqualToTheTable() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        var rows = [Row(id: RowID(1), content: .header(title: "A"))]
        for id in 2...40 { rows.append(Row(id: RowID(Int64(id)), content: .note(text: "note \(id)", expanded: false))) }
        rows.append(Row(id: RowID(100), content: .header(title: "B")))
        for id in 101...140 { rows.append(Row(id: RowID(Int64(id)), content: .toggle(title: "t\(id)", open: false))) }
        let file = RowsFile(rows: rows)
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: file)
        let table = try StoreFixture.table(file)
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64(ProcessInfo.processInfo.environment["TABLE_SEED"] ?? "") ?? UInt64.random(in: 0..<1_000_000, using: &generator)
        var random = SeededRandom(seed: seed)
        for step in 0..<600 {
            let id = table.geometry.id(at: Int(random.next() % UInt64(table.count)))
            switch random.next() % 6 {
            case 0: _ = try? table.pin(id)
            case 1: if table.count > 10 { _ = try? table.delete(id) }
            case 2: _ = table.undo()
            case 3: _ = table.redo()
            case 4: _ = try? table.setText("edit \(step)", for: id)
            default: _ = try? table.toggleFlag(id)
            }
            if random.next() % 3 == 0 {
                let written = try save(table, database)
                #expect(written <= 64, "seed \(seed), step \(step): \(written) rows written")
                #expect(try database.load() == table.snapshot(), "seed \(seed), step \(step)")
            }
        }
        _ = try save(table, database)
        #expect(try database.load() == table.snapshot(), "seed \(seed)")
        #expect(try database.integrityCheck() == "ok")
    }

    @Test func manyInsertsAtOnePlaceSpreadKeysLocally() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        var rows = [Row(id: RowID(1), content: .header(title: "A"))]
        for id in 2...2000 { rows.append(Row(id: RowID(Int64(id)), content: .note(text: "n", expanded: false))) }
        let file = RowsFile(rows: rows)
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: file)
        let table = try StoreFixture.table(file)
        var total = 0
        // Pin rows from the bottom one after another: each lands just below the header,
        // halving the same gap, so keys must be spread now and then.
        for id in 1901...2000 {
            _ = try table.pin(RowID(Int64(id)))
            total += try save(table, database)
        }
        #expect(try database.load() == table.snapshot())
        #expect(total < 100 * 8, "\(total) rows written for 100 pins")
    }
    @Test func theViewStateIsWrittenInTheSameTransactionAndReadBack() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: StoreFixture.file)
        #expect(try database.viewState() == nil)
        let table = try StoreFixture.table(StoreFixture.file)
        _ = try table.setText("Buy oat milk", for: RowID(2))
        var changes = try #require(table.takeChanges(force: true))
        let left = ViewState(width: 560, height: 800, anchorRow: RowID(3), anchorOffset: 72.5)
        changes.absorb(RowChanges(view: left))
        try database.apply(changes)
        #expect(try database.viewState() == left)
        #expect(try database.load() == table.snapshot())
        // A later state replaces it; a change without one leaves it.
        let later = ViewState(width: 600, height: 700, anchorRow: nil, anchorOffset: 0)
        try database.apply(RowChanges(view: later))
        _ = try table.toggleFlag(RowID(2))
        try database.apply(try #require(table.takeChanges(force: true)))
        #expect(try RowDatabase.open(path: fixture.path("rows.sqlite")).viewState() == later)
    }
}

/// SplitMix64, so a failing seed replays.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

}
