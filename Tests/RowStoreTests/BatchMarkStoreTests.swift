import Foundation
@testable import RowStore
import SQLiteStore
@testable import TableModel
import Testing

/// Batch Flag and Done above the row-by-row limit (E3): a layer in the table and a kept step
/// in the store. Random runs against a per-row reference, in memory and over a database;
/// the step's transaction is all or none; the store folds steps on quit and at the next open.
@Suite struct BatchMarkStoreTests {
    /// Two sections of notes: headers 1 and `count / 2`, notes otherwise.
    private static func file(count: Int) -> RowsFile {
        RowsFile(rows: (1...count).map { number in
            let id = RowID(Int64(number))
            return number == 1 || number == count / 2
                ? Row(id: id, content: .header(title: "section \(number)"))
                : Row(id: id, content: .note(text: "note \(number)", expanded: false))
        })
    }

    private static func lazyTable(_ database: RowDatabase) throws -> Table {
        try Table(outline: try database.outline(), source: database, width: 400, viewportHeight: 600,
                  measurer: FixedAdvanceMeasurer(), clock: { 0 })
    }

    /// The reference: each row's id, and whether it is a header, flagged, done, in order.
    private struct Mark: Equatable {
        var id: Int64
        var header: Bool
        var flagged = false
        var done = false
    }

    private static func seed() -> UInt64 {
        ProcessInfo.processInfo.environment["TABLE_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
    }

    private static func state(of table: Table) -> [Mark] {
        (0..<table.wholeLayout.count).map { position in
            let id = table.wholeLayout.id(at: position)
            let row = table.row(id)!
            return Mark(id: id.rawValue, header: row.kind == .header, flagged: row.flagged, done: row.done)
        }
    }

    /// Random selections, batch marks (row by row and as layers), single flags, deletes,
    /// moves, creates, batch deletes, undos and redos, with find filters (a random subset of
    /// the rows as matches) going on and off: every row reads as the reference says, after
    /// every step; over a database, what was written and folded agrees too. While filtered,
    /// the selection is of shown rows (a batch delete deletes those from the whole table),
    /// and the steps that place rows by shown position (moves, creates) are left out.
    private func randomRun(seed: UInt64, overDatabase: Bool) throws {
        var random = SplitMix64(seed: seed)
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        let file = Self.file(count: 60)
        let database = overDatabase ? try RowDatabase.create(path: path, importing: file) : nil
        let table = try database.map(Self.lazyTable) ?? StoreFixture.table(file)
        table.markLayers.rowByRowLimit = 4
        _ = table.layOutVisibleRows()
        var current = file.rows.map { Mark(id: $0.id.rawValue, header: $0.kind == .header) }
        var undone: [[Mark]] = []
        var done: [[Mark]] = []
        var trace: [String] = []
        for step in 0..<300 {
            let before = current
            let steps = table.history.undoStack.count
            let order = current.map(\.id)
            let id = RowID(order.randomElement(using: &random) ?? 1)
            var recorded = true
            var action = Int.random(in: 0..<17, using: &random)
            if table.isFiltered && Self.placesByShownPosition(action) { action = 0 }
            trace.append("\(action) \(id.rawValue) sel \(table.selection.ranges)")
            switch action {
            case 0: _ = try? table.toggleSelection(id); recorded = false
            case 1: _ = try? table.extendSelection(to: id); recorded = false
            case 2: _ = table.selectAll(); recorded = false
            case 3, 4, 5:
                let mark: BatchMark = Bool.random(using: &random) ? .flag : .done
                let on = Bool.random(using: &random)
                let selected = table.selection.ranges.flatMap { $0 }.map { table.layout.id(at: $0).rawValue }
                _ = try table.setMark(mark, to: on)
                for id in selected {
                    guard let position = current.firstIndex(where: { $0.id == id }), !current[position].header else { continue }
                    if mark == .flag { current[position].flagged = on } else { current[position].done = on }
                }
            case 6:
                if (try? table.toggleFlag(id)) != nil, let at = order.firstIndex(of: id.rawValue) { current[at].flagged.toggle() }
            case 7:
                if (try? table.delete(id)) != nil { current.removeAll { $0.id == id.rawValue } }
            case 8 where !order.isEmpty:
                let to = Int.random(in: 0..<order.count, using: &random)
                if (try? table.moveRow(id, to: to)) != nil, let from = order.firstIndex(of: id.rawValue) {
                    current.insert(current.remove(at: from), at: to)
                }
            case 9:
                if let (created, _) = try? table.createNote(after: id), let at = order.firstIndex(of: id.rawValue) {
                    current.insert(Mark(id: created.rawValue, header: false), at: at + 1)
                }
            case 10:
                let selected = Set(table.selection.ranges.flatMap { $0 }.map { table.layout.id(at: $0).rawValue })
                _ = table.deleteSelection()
                current.removeAll { selected.contains($0.id) }
            case 14, 15:
                recorded = false
                let matches = order.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }.sorted()
                _ = table.filter(to: RowMatches(sortedIDs: matches))
            case 16:
                recorded = false
                _ = table.clearFilter()
            case 11, 12:
                recorded = false
                if table.canUndo {
                    _ = table.undo()
                    done.append(current)
                    current = undone.removeLast()
                }
            default:
                recorded = false
                if table.canRedo {
                    _ = table.redo()
                    undone.append(current)
                    current = done.removeLast()
                }
            }
            if recorded && table.history.undoStack.count > steps {
                undone.append(before)
                done.removeAll()
            } else if recorded {
                #expect(current == before, "seed \(seed), step \(step): a step that recorded nothing changed the reference")
            }
            table.layout._checkInvariants()
            table._checkFilterInvariants()
            #expect(table.wholeSelection(walkLimit: 0) == table.wholeSelection(walkLimit: 1 << 30),
                    "seed \(seed), step \(step): halving and walking map the selection differently")
            let state = Self.state(of: table)
            let wrong = zip(state, current).filter { $0 != $1 }.map { "\($0.0) vs \($0.1)" }
            #expect(state.map(\.id) == current.map(\.id) && wrong.isEmpty, "seed \(seed), step \(step): rows \(wrong) differ after \(trace.suffix(12)); table \(state.map(\.id)), reference \(current.map(\.id))")
            if state != current { return }
            if let database, Int.random(in: 0..<5, using: &random) == 0, let changes = table.takeChanges(force: true) {
                try database.apply(changes)
            }
        }
        guard let database else { return }
        if let changes = table.takeChanges(force: true) { try database.apply(changes) }
        // In order: rows placed while a batch delete stood are placed again when it is undone
        // (seed 895334278648207113 found a file whose live rows were in another order, so a
        // later batch delete trashed other rows than the table deleted).
        func stored() throws -> [Mark] {
            try database.load().rows.map { Mark(id: $0.id.rawValue, header: $0.kind == .header, flagged: $0.flagged, done: $0.done) }
        }
        // An export reads every row while the steps can still be undone: the marks shown.
        let read = try stored()
        #expect(read == current, "seed \(seed): the file read before the fold differs at \(zip(read, current).filter { $0 != $1 }.map(\.0.id)), \(read.count) rows against \(current.count)")
        try database.foldMarkSteps()
        let folded = try stored()
        #expect(folded == current, "seed \(seed): the folded file differs at \(zip(folded, current).filter { $0 != $1 }.map(\.0.id)), \(folded.count) rows against \(current.count)")
    }

    /// Whether `action` of ``randomRun(seed:overDatabase:)`` places rows by shown position:
    /// a move or a create.
    private static func placesByShownPosition(_ action: Int) -> Bool {
        action == 8 || action == 9
    }

    @Test func randomBatchMarksAgreeWithAReferenceInMemory() throws {
        let seed = Self.seed()
        for run in 0..<4 { try randomRun(seed: seed &+ UInt64(run), overDatabase: false) }
    }

    @Test func randomBatchMarksAgreeWithAReferenceOverADatabase() throws {
        let seed = Self.seed()
        for run in 0..<4 { try randomRun(seed: seed &+ UInt64(run), overDatabase: true) }
    }

    @Test func aMarkAboveTheLimitIsOneStepThatRestoresEachRowsMark() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        let count = Table.batchMarkLimit + 5
        let database = try RowDatabase.create(path: path, importing: Self.file(count: count))
        let table = try Self.lazyTable(database)
        _ = table.layOutVisibleRows()
        _ = try table.toggleFlag(RowID(3))
        _ = table.selectAll()
        let update = try table.setMark(.flag, to: true)
        let headers = (1...Int64(count)).filter { table.row(RowID($0))?.kind == .header }.count
        #expect(headers > 0)
        #expect(update.undoToast?.action == .marked(.flag, on: true, count: count - headers), "the toast counts no header")
        #expect(table.row(RowID(2))?.flagged == true && table.row(RowID(9_000))?.flagged == true)
        #expect(table.row(RowID(1))?.flagged == false, "a header has no marks")
        let writer = RowWriter(path: path) { _ in }
        writer.submit(try #require(table.takeChanges(force: true)))
        #expect(writer.flush() == nil)
        // The step is kept apart: the columns still say what they said before it.
        #expect(try database.content(of: RowID(9_000)).get().flagged == false)
        // Every note but row 3, which was written whole in the same transaction, flag included.
        #expect(try database.statement("SELECT count(*) FROM mark_step_rows").integerResult() == Int64(count - 3))
        // An export reads every row as the table shows it, the step included.
        let exported = try database.load().rows
        #expect(exported.filter(\.flagged).count == count - 2 && !exported[0].flagged)

        _ = table.undo()
        #expect(table.row(RowID(3))?.flagged == true && table.row(RowID(4))?.flagged == false)
        writer.submit(try #require(table.takeChanges(force: true)))
        #expect(writer.flush() == nil)
        #expect(try database.statement("SELECT count(*) FROM mark_step_rows").integerResult() == 0)

        _ = table.redo()
        writer.submit(try #require(table.takeChanges(force: true)))
        #expect(writer.close() == nil)
        // Quitting folded the step into the columns.
        let afterQuit = try RowDatabase.open(path: path)
        #expect(try afterQuit.content(of: RowID(9_000)).get().flagged && afterQuit.content(of: RowID(3)).get().flagged)
        #expect(try !afterQuit.content(of: RowID(1)).get().flagged)
        #expect(try afterQuit.statement("SELECT count(*) FROM mark_steps").integerResult() == 0)
    }

    /// A row changed after a step is written whole: the step's fold must not undo that change.
    @Test func aRowFlaggedAloneAfterAStepKeepsItsOwnMarkWhenTheStepIsFolded() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        let database = try RowDatabase.create(path: path, importing: Self.file(count: 40))
        let table = try Self.lazyTable(database)
        table.markLayers.rowByRowLimit = 4
        _ = table.selectAll()
        _ = try table.setMark(.flag, to: true)
        let writer = RowWriter(path: path) { _ in }
        writer.submit(try #require(table.takeChanges(force: true)))
        _ = try table.toggleFlag(RowID(5))
        writer.submit(try #require(table.takeChanges(force: true)))
        #expect(writer.close() == nil)
        let afterQuit = try RowDatabase.open(path: path)
        #expect(try !afterQuit.content(of: RowID(5)).get().flagged && afterQuit.content(of: RowID(6)).get().flagged)
    }

    @Test func stepsAKilledRunLeftAreFoldedAtTheNextOpen() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        let database = try RowDatabase.create(path: path, importing: Self.file(count: 40))
        let table = try Self.lazyTable(database)
        table.markLayers.rowByRowLimit = 4
        _ = table.selectAll()
        _ = try table.setMark(.done, to: true)
        let killed = RowWriter(path: path) { _ in }
        killed.submit(try #require(table.takeChanges(force: true)))
        #expect(killed.flush() == nil)
        #expect(try database.content(of: RowID(7)).get().done == false)
        // The next run folds them before it reads a row.
        let next = try RowDatabase.openRows(at: path)
        try next.foldLeftoverMarkSteps()
        #expect(try next.content(of: RowID(7)).get().done && !next.content(of: RowID(1)).get().done)
        #expect(try next.statement("SELECT count(*) FROM mark_step_rows").integerResult() == 0)
    }

    /// An interrupted step's transaction leaves nothing of it: all of its rows kept, or none.
    @Test func anInterruptedStepKeepsAllOrNoneOfItsRows() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        let count = 60_000
        let database = try RowDatabase.create(path: path, importing: Self.file(count: count))
        var outcomes: Set<Int64> = []
        for attempt in 0..<6 {
            let changes = RowChanges(placements: [
                .marked(step: Int64(attempt + 1), mark: .flag, on: true, first: RowID(1), last: RowID(Int64(count))),
            ])
            let interrupter = database.connection.interrupter
            let finished = Atomic(false)
            let thread = Thread {
                usleep(UInt32(200 + attempt * 400))
                while !finished.load() { interrupter.interrupt(); usleep(100) }
            }
            thread.start()
            let failed = (try? database.apply(changes)) == nil
            finished.store(true)
            let kept = try #require(try database.statement("SELECT count(*) FROM mark_step_rows WHERE step = ?")
                .integerResult([.integer(Int64(attempt + 1))]))
            #expect(kept == (failed ? 0 : Int64(count - 2)), "attempt \(attempt): \(kept) rows kept, failed: \(failed)")
            outcomes.insert(kept)
            try database.forgetMarkStep(Int64(attempt + 1))
        }
        #expect(outcomes.contains(0), "no attempt was interrupted: the test proved nothing")
    }
}

/// A flag shared between two threads.
private final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Bool
    init(_ value: Bool) { self.value = value }
    func load() -> Bool { lock.withLock { value } }
    func store(_ newValue: Bool) { lock.withLock { value = newValue } }
}
