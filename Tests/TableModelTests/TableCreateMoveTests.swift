import Testing

@testable import TableModel

/// Creating a note (E1) and moving rows (E2): where the row lands, one undo step each, only
/// the row written, and a seeded random run against a plain array.
@Suite struct TableCreateMoveTests {
    @Test func aNewNoteGoesAfterTheFocusedRowOrAtTheTopOfTheFirstSection() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        let (first, update) = try table.createNote(after: nil)
        #expect(first == RowID(91))
        #expect(update.layout.inserted == [first])
        #expect(fixture.order() == [1, 91, 2, 3, 4, 5, 30, 31, 6, 80, 7, 90])
        #expect(table.row(first)?.content == .note(text: "", expanded: false))
        let (second, _) = try table.createNote(after: RowID(30))
        #expect(second == RowID(92))
        #expect(fixture.order() == [1, 91, 2, 3, 4, 5, 30, 92, 31, 6, 80, 7, 90])
        let (third, _) = try table.createNote(after: RowID(90))
        #expect(fixture.order().last == third.rawValue)
        table._checkInvariants()
    }

    @Test func aNewNoteNeverLandsAmongPinnedRows() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.pin(RowID(3))
        _ = try table.pin(RowID(4))
        #expect(fixture.order().prefix(4) == [1, 4, 3, 2])
        let (afterHeader, _) = try table.createNote(after: RowID(1))
        let (afterPinned, _) = try table.createNote(after: RowID(4))
        let (atTop, _) = try table.createNote(after: nil)
        #expect(fixture.order().prefix(7) == [1, 4, 3, atTop.rawValue, afterPinned.rawValue, afterHeader.rawValue, 2])
    }

    @Test func undoRemovesTheNewNoteAndRedoBringsItBack() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        let before = fixture.order()
        let (id, _) = try table.createNote(after: RowID(2))
        _ = try table.setText("typed", for: id)
        _ = table.undo()
        #expect(table.row(id)?.content == .note(text: "", expanded: false))
        let undone = table.undo()
        #expect(undone.layout.deleted == [id])
        #expect(fixture.order() == before && table.row(id) == nil)
        let redone = table.redo()
        #expect(redone.layout.inserted == [id])
        #expect(fixture.order() == [1, 2, id.rawValue, 3, 4, 5, 30, 31, 6, 80, 7, 90])
        _ = table.redo()
        #expect(table.row(id)?.content == .note(text: "typed", expanded: false))
        // An id once created is never given again, even after its row was undone.
        _ = table.undo()
        _ = table.undo()
        let (next, _) = try table.createNote(after: nil)
        #expect(next.rawValue > id.rawValue)
        table._checkInvariants()
    }

    @Test func aCreateAndAMoveEachWriteOneRow() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = table.takeChanges(force: true)
        let (id, _) = try table.createNote(after: RowID(3))
        let created = try #require(table.takeChanges(force: true))
        #expect(created.placements == [.placed(id, after: RowID(3), before: RowID(4))])
        #expect(Array(created.rows.keys) == [id] && created.marks.isEmpty)
        _ = try table.moveRow(RowID(31), .up)
        let moved = try #require(table.takeChanges(force: true))
        #expect(moved.placements == [.placed(RowID(31), after: RowID(5), before: RowID(30))])
        #expect(moved.rows.isEmpty && moved.marks.isEmpty)
    }

    @Test func badRequestsAreRefusedAndChangeNothing() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        let before = fixture.order()
        #expect(throws: TableError.unknownRow(RowID(555))) { try table.createNote(after: RowID(555)) }
        #expect(throws: TableError.headerHasNoActions(RowID(5))) { try table.moveRow(RowID(5), .up) }
        #expect(throws: TableError.unknownRow(RowID(555))) { try table.moveRow(RowID(555), .down) }
        #expect(throws: TableError.self) { try table.moveRow(RowID(2), to: 99) }
        #expect(fixture.order() == before && !table.canUndo)
    }

    @Test func movesCrossSectionHeadersAndStopAtTheEnds() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        // The first row of a section goes up to the end of the section above.
        _ = try table.moveRow(RowID(30), .up)
        #expect(fixture.order() == [1, 2, 3, 4, 30, 5, 31, 6, 80, 7, 90])
        // And back down, to the top of the section below.
        _ = try table.moveRow(RowID(30), .down)
        #expect(fixture.order() == [1, 2, 3, 4, 5, 30, 31, 6, 80, 7, 90])
        // Nothing above the first section, nothing below the last row.
        #expect(try table.moveRow(RowID(2), .up) == nil)
        #expect(try table.moveRow(RowID(90), .down) == nil)
        _ = table.undo()
        _ = table.undo()
        #expect(fixture.order() == TableFixture.file.rows.map(\.id.rawValue))
        #expect(!table.canUndo)
    }

    @Test func aPinnedRowMovesOnlyAmongThePinnedRowsOfItsSection() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.pin(RowID(3))
        _ = try table.pin(RowID(4))
        #expect(fixture.order().prefix(4) == [1, 4, 3, 2])
        #expect(try table.moveRow(RowID(4), .up) == nil)
        #expect(try table.moveRow(RowID(3), .down) == nil)
        _ = try table.moveRow(RowID(3), .up)
        #expect(fixture.order().prefix(4) == [1, 3, 4, 2])
        // An unpinned row does not pass above the pinned ones; entering a section from
        // above, it lands below them.
        #expect(try table.moveRow(RowID(2), .up) == nil)
        _ = try table.pin(RowID(31))
        _ = try table.unpin(RowID(4))
        _ = try table.moveRow(RowID(4), .down)
        #expect(fixture.order() == [1, 3, 2, 4, 5, 31, 30, 6, 80, 7, 90])
        _ = try table.moveRow(RowID(4), .down)
        #expect(fixture.order() == [1, 3, 2, 5, 31, 4, 30, 6, 80, 7, 90])
    }

    @Test func aDropKeepsPinnedRowsAmongThemselvesAndOthersBelowThem() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.pin(RowID(3))
        _ = try table.pin(RowID(4))
        #expect(fixture.order() == [1, 4, 3, 2, 5, 30, 31, 6, 80, 7, 90])
        // A pinned row: only between the header and the first unpinned row of its section.
        #expect(table.dropIndex(for: RowID(4), proposed: 7) == 2)
        #expect(table.dropIndex(for: RowID(3), proposed: 0) == 1)
        // An unpinned row never goes above pinned ones; elsewhere it lands where proposed.
        #expect(table.dropIndex(for: RowID(30), proposed: 1) == 3)
        #expect(table.dropIndex(for: RowID(2), proposed: 8) == 8)
        #expect(table.dropIndex(for: RowID(2), proposed: 99) == 10)
        #expect(table.dropIndex(for: RowID(5), proposed: 2) == nil)
        _ = try table.moveRow(RowID(30), to: table.dropIndex(for: RowID(30), proposed: 1)!)
        #expect(fixture.order() == [1, 4, 3, 30, 2, 5, 31, 6, 80, 7, 90])
        _ = table.undo()
        #expect(fixture.order() == [1, 4, 3, 2, 5, 30, 31, 6, 80, 7, 90])
    }

    @Test(arguments: 0..<8)
    func randomCreatesMovesAndUndoAgreeWithAnArray(run: Int) throws {
        let seed = TestSeed.value(fallback: 0xC2EA_7E00 + UInt64(run))
        var random = SplitMix64(seed: seed)
        var rows: [Row] = []
        for id in 1...60 as ClosedRange<Int64> {
            let header = id == 1 || Int.random(in: 0..<8, using: &random) == 0
            rows.append(Row(id: RowID(id), content: header ? .header(title: "S\(id)") : .note(text: "n\(id)", expanded: false)))
        }
        if Bool.random(using: &random) { rows.swapAt(0, 1) }  // sometimes rows before the first header
        let fixture = try TableFixture(file: RowsFile(rows: rows))
        let table = fixture.table
        var reference = ReferenceOrder(rows)
        var undoStack: [ReferenceOrder] = []
        var redoStack: [ReferenceOrder] = []
        for step in 0..<400 {
            let context = Comment(rawValue: "seed \(seed) step \(step)")
            let before = reference
            var recorded = false
            let row = table.layout.id(at: Int.random(in: 0..<table.count, using: &random))
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1:
                let after: RowID? = Bool.random(using: &random) ? row : nil
                let (id, _) = try table.createNote(after: after)
                reference.create(id, after: after)
                recorded = true
            case 2, 3, 4, 5:
                let direction: Table.MoveStep = Bool.random(using: &random) ? .up : .down
                if reference.isHeader(row) {
                    #expect(throws: TableError.headerHasNoActions(row), context) { try table.moveRow(row, direction) }
                } else {
                    recorded = try table.moveRow(row, direction) != nil
                    #expect(recorded == reference.move(row, direction), context)
                }
            case 6:
                guard !reference.isHeader(row), !reference.pinned.contains(row) else { continue }
                _ = try table.pin(row)
                reference.pin(row)
                recorded = true
            case 7, 8:
                guard let last = undoStack.popLast() else { continue }
                _ = table.undo()
                redoStack.append(reference)
                reference = last
            default:
                guard let next = redoStack.popLast() else { continue }
                _ = table.redo()
                undoStack.append(reference)
                reference = next
            }
            if recorded {
                undoStack.append(before)
                redoStack.removeAll()
            }
            #expect(fixture.order() == reference.ids.map(\.rawValue), context)
            #expect(table.canUndo == !undoStack.isEmpty && table.canRedo == !redoStack.isEmpty, context)
            if step % 50 == 0 { table._checkInvariants() }
        }
        table._checkInvariants()
    }
}

/// The order of a table's rows, as a plain array with each row's header and pin marks,
/// moved by the rules of E1 and E2 written out the simple way: by sections.
struct ReferenceOrder: Equatable {
    var ids: [RowID]
    var headers: Set<RowID>
    var pinned: Set<RowID> = []

    init(_ rows: [Row]) {
        ids = rows.map(\.id)
        headers = Set(rows.filter { $0.kind == .header }.map(\.id))
    }

    func isHeader(_ id: RowID) -> Bool { headers.contains(id) }

    /// The sections as index ranges of their bodies (rows after the header); the first may
    /// have no header.
    private var bodies: [Range<Int>] {
        var starts = [0]
        for (index, id) in ids.enumerated() where headers.contains(id) { starts.append(index + 1) }
        var ranges: [Range<Int>] = []
        for (number, start) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1] - 1 : ids.count
            if number == 0 && end == 0 { continue }
            ranges.append(start..<end)
        }
        return ranges
    }

    private func pinnedEnd(of body: Range<Int>) -> Int {
        body.first { !pinned.contains(ids[$0]) } ?? body.upperBound
    }

    mutating func create(_ id: RowID, after: RowID?) {
        var index = after.flatMap { ids.firstIndex(of: $0) }.map { $0 + 1 } ?? (ids.firstIndex { headers.contains($0) }.map { $0 + 1 } ?? 0)
        while index < ids.count, pinned.contains(ids[index]) { index += 1 }
        ids.insert(id, at: index)
    }

    mutating func pin(_ id: RowID) {
        guard !pinned.contains(id), let index = ids.firstIndex(of: id), let body = bodies.first(where: { $0.contains(index) }) else { return }
        ids.remove(at: index)
        ids.insert(id, at: body.lowerBound)
        pinned.insert(id)
    }

    /// Returns whether the row moved.
    mutating func move(_ id: RowID, _ step: Table.MoveStep) -> Bool {
        let sections = bodies
        guard let index = ids.firstIndex(of: id), let number = sections.firstIndex(where: { $0.contains(index) }) else { return false }
        let body = sections[number]
        let split = pinnedEnd(of: body)
        let own = pinned.contains(id) ? body.lowerBound..<split : split..<body.upperBound
        if step == .up && index - 1 >= own.lowerBound {
            ids.swapAt(index, index - 1)
        } else if step == .down && index + 1 < own.upperBound {
            ids.swapAt(index, index + 1)
        } else if pinned.contains(id) {
            return false
        } else if step == .up {
            guard number > 0 else { return false }
            ids.remove(at: index)
            ids.insert(id, at: sections[number - 1].upperBound)
        } else {
            guard number + 1 < sections.count else { return false }
            let next = sections[number + 1]
            let target = pinnedEnd(of: next)
            ids.remove(at: index)
            ids.insert(id, at: target - 1)
        }
        return true
    }
}
