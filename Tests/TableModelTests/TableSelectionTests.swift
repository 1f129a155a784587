import Testing

@testable import TableModel

/// Selection mode and batch actions on a table (E3, E4).
@Suite struct TableSelectionTests {
    /// A table of `count` notes with ids 1...count.
    static func notes(_ count: Int) throws -> TableFixture {
        let rows = (1...count).map { Row(id: RowID(Int64($0)), content: .note(text: "note \($0)", expanded: false)) }
        return try TableFixture(file: RowsFile(rows: rows, extraFields: []))
    }

    func selectedIDs(_ table: Table) -> [Int64] {
        table.selection.ranges.flatMap { $0.map { table.layout.id(at: $0).rawValue } }
    }

    @Test func clicksAndShiftClicksSelectAndCtrlASelectsEveryRow() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        #expect(!table.isSelecting)
        _ = try table.toggleSelection(RowID(3))
        #expect(table.isSelecting && table.selection.count == 1 && table.isSelected(RowID(3)))
        _ = try table.extendSelection(to: RowID(31))
        #expect(selectedIDs(table) == [3, 4, 5, 30, 31] && table.selection.count == 5)
        _ = try table.toggleSelection(RowID(5))
        #expect(selectedIDs(table) == [3, 4, 30, 31])
        _ = table.selectAll()
        #expect(table.selection.ranges == [0..<11] && table.selection.count == 11)
        _ = table.leaveSelectionMode()
        #expect(!table.isSelecting && table.selection.isEmpty)
        #expect(throws: TableError.unknownRow(RowID(999))) { try table.toggleSelection(RowID(999)) }
    }

    @Test func enteringSelectionModeClosesOpenSwipes() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.openSwipe(RowID(2), edge: .trailing)
        #expect(table.swipeOffset(for: RowID(2)) != 0)
        let update = table.enterSelectionMode()
        #expect(update.swipe.offsets.contains { $0.row == RowID(2) && $0.offset == 0 })
        _ = try table.beginSwipeDrag(on: RowID(3), time: 1)
        _ = table.updateSwipeDrag(dx: -200, dy: 0, time: 1.1)
        _ = table.endSwipeDrag(time: 1.2)
        _ = try table.swipeScroll(on: RowID(3), dx: -200, dy: 0, time: 2)
        _ = table.endSwipeScroll(time: 2.1)
        #expect(table.swipeOffset(for: RowID(3)) == 0 && !table.isAnyRowOpen)
    }

    @Test func deletingTheSelectionIsOneUndoStepThatRestoresRowsHeightsAndScroll() throws {
        let fixture = try Self.notes(500)
        let table = fixture.table
        try fixture.measureAll()
        _ = table.layout.scroll(toOffset: 2_000)
        let anchorBefore = table.layout.anchor
        let offsetBefore = table.layout.scrollOffset
        let orderBefore = fixture.order()
        let heightsBefore = orderBefore.map { table.layout.height(of: RowID($0)) }
        _ = try table.toggleSelection(RowID(10))
        _ = try table.extendSelection(to: RowID(400))
        _ = try table.toggleSelection(RowID(450))
        let update = table.deleteSelection()
        #expect(update.undoToast?.action == .deletedRows(count: 392))
        #expect(update.layout.removedInBulk == 392 && !table.isSelecting)
        #expect(fixture.order() == orderBefore.filter { !(10...400).contains($0) && $0 != 450 })
        #expect(table.row(RowID(200)) == nil && table.row(RowID(9)) != nil && table.count == 108)
        table.layout._checkInvariants()
        _ = table.undo()
        #expect(fixture.order() == orderBefore)
        #expect(orderBefore.map { table.layout.height(of: RowID($0)) } == heightsBefore)
        #expect(table.layout.anchor == anchorBefore && table.layout.scrollOffset == offsetBefore)
        #expect(table.row(RowID(200))?.content == .note(text: "note 200", expanded: false))
        table.layout._checkInvariants()
        _ = table.redo()
        #expect(table.count == 108)
        _ = table.undo()
        #expect(fixture.order() == orderBefore && !table.canUndo)
    }

    @Test func deletingEveryRowEmptiesTheTableAndUndoBringsAllBack() throws {
        let fixture = try Self.notes(3_000)
        let table = fixture.table
        _ = table.layout.scroll(toOffset: 30_000)
        let offsetBefore = table.layout.scrollOffset
        _ = table.selectAll()
        let update = table.deleteSelection()
        #expect(table.count == 0 && table.layout.anchor == nil && table.rows.count == 0)
        #expect(update.undoToast?.action == .deletedRows(count: 3_000))
        let changes = try #require(table.takeChanges(force: true))
        #expect(changes.placements.count == 1)
        guard case .trashed(let batch, RowID(1), RowID(3_000)) = changes.placements[0] else {
            Issue.record("expected one trashed range, got \(changes.placements)")
            return
        }
        _ = table.undo()
        #expect(table.count == 3_000 && table.rows.count == 3_000 && table.layout.scrollOffset == offsetBefore)
        #expect(table.takeChanges(force: true)?.placements == [.untrashed(batch: batch)])
        table.layout._checkInvariants()
    }

    @Test func deletingTheSelectionForgetsTheWebFitsOfTheRowsItDeletes() throws {
        var rows = (2...41).map { Row(id: RowID(Int64($0)), content: .toggle(title: "t", open: false)) }
        rows.insert(Row(id: RowID(1), content: .web(html: "<p>web</p>")), at: 0)
        let fixture = try TableFixture(file: RowsFile(rows: rows))
        let table = fixture.table
        _ = try table.webContentMeasured(RowID(1), documentHeight: 90, contentWidth: table.webContentWidth)
        _ = try table.toggleSelection(RowID(1))
        _ = try table.toggleSelection(RowID(2))
        _ = table.deleteSelection()
        #expect(table.arriving.webFits.isEmpty)
        table._checkInvariants()
        _ = table.undo()
        #expect(table.count == 41)
        table._checkInvariants()
    }

    @Test func batchMarksAreOneUndoStepAndSkipHeaders() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.toggleSelection(RowID(5))
        _ = try table.extendSelection(to: RowID(31))
        _ = try table.toggleSelection(RowID(2))
        let flagged = try table.setMark(.flag, to: true)
        #expect(flagged.undoToast?.action == .marked(.flag, on: true, count: 3))
        #expect([2, 30, 31].allSatisfy { table.row(RowID($0))!.flagged } && !table.row(RowID(5))!.flagged)
        _ = try table.setMark(.pin, to: true)
        #expect(fixture.order() == [1, 2, 3, 4, 5, 30, 31, 6, 80, 7, 90] && table.row(RowID(30))!.pinned)
        _ = table.undo()
        #expect(!table.row(RowID(2))!.pinned)
        _ = table.undo()
        #expect(![2, 30, 31].contains { table.row(RowID($0))!.flagged } && table.row(RowID(4))!.flagged)
        _ = table.redo()
        #expect([2, 30, 31].allSatisfy { table.row(RowID($0))!.flagged })
    }

    @Test func batchPinKeepsTheRowsOrderAtTheTopOfTheirSection() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.toggleSelection(RowID(3))
        _ = try table.extendSelection(to: RowID(4))
        _ = try table.setMark(.pin, to: true)
        #expect(fixture.order() == [1, 3, 4, 2, 5, 30, 31, 6, 80, 7, 90])
        #expect(selectedIDs(table) == [3, 4])
        _ = try table.setMark(.pin, to: false)
        #expect(fixture.order() == [1, 3, 4, 2, 5, 30, 31, 6, 80, 7, 90] && !table.row(RowID(3))!.pinned)
        _ = table.undo()
        _ = table.undo()
        #expect(fixture.order() == [1, 2, 3, 4, 5, 30, 31, 6, 80, 7, 90] && !table.row(RowID(4))!.pinned)
    }

    @Test func tooManyRowsToPinChangesNothing() throws {
        let fixture = try Self.notes(Table.batchMarkLimit + 1)
        let table = fixture.table
        _ = table.selectAll()
        #expect(throws: TableError.tooManyRowsToMark(Table.batchMarkLimit + 1, limit: Table.batchMarkLimit)) {
            try table.setMark(.pin, to: true)
        }
        #expect(!table.canUndo && table.row(RowID(1))?.pinned == false)
    }

    /// Random selections, deletes, pins, batch deletes and undos: the selected rows are
    /// always those of a reference `Set` of ids.
    @Test func randomOperationsKeepTheSelectionOnTheSameRows() throws {
        let seed = TestSeed.make()
        var random = SplitMix64(seed: seed)
        let fixture = try Self.notes(120)
        let table = fixture.table
        var reference = Set<Int64>()
        for step in 0..<400 {
            let ids = fixture.order()
            guard let id = ids.randomElement(using: &random).map(RowID.init) else {
                _ = table.undo()
                reference = []
                continue
            }
            switch Int.random(in: 0..<8, using: &random) {
            case 0, 1:
                _ = try table.toggleSelection(id)
                if !reference.insert(id.rawValue).inserted { reference.remove(id.rawValue) }
            case 2:
                let from = table.focus.selectionAnchor.flatMap { table.layout.index(of: $0) } ?? table.focusedRow.flatMap { table.layout.index(of: $0) }
                    ?? table.layout.index(of: id)!
                let to = table.layout.index(of: id)!
                _ = try table.extendSelection(to: id)
                reference.formUnion(ids[min(from, to)...max(from, to)])
            case 3:
                _ = try table.delete(id)
                reference.remove(id.rawValue)
            case 4:
                _ = try? table.pin(id)
            case 5 where !reference.isEmpty:
                _ = table.deleteSelection()
                reference.removeAll()
            case 6 where table.canUndo:
                let undoesBatchDelete = if case .deleteRows = table.history.nextUndo { true } else { false }
                _ = table.undo()
                // An undo brings back rows, never a selection; a batch delete's clears it.
                reference = undoesBatchDelete ? [] : reference.filter { table.layout.index(of: RowID($0)) != nil }
            default:
                _ = table.leaveSelectionMode()
                reference.removeAll()
            }
            table.layout._checkInvariants()
            table.selection._checkInvariants()
            let selected = Set(selectedIDs(table))
            #expect(selected == reference, "seed \(seed), step \(step)")
            if selected != reference { return }
        }
    }
}
