import Testing
@testable import TableModel

/// The model reports exactly the rows each intent touched, so the store writes only those (W6).
@Suite struct ChangeTrackingTests {
    private func take(_ table: Table) -> RowChanges {
        table.takeChanges(force: true) ?? RowChanges()
    }

    @Test func contentEditsReportOnlyTheirRow() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        #expect(table.takeChanges(force: true) == nil)
        _ = try table.setText("tea", for: RowID(2))
        _ = try table.setText("tea and cake", for: RowID(2))
        var changes = take(table)
        #expect(changes.placements.isEmpty && Array(changes.rows.keys) == [RowID(2)])
        #expect(changes.rows[RowID(2)]?.content == .note(text: "tea and cake", expanded: false))
        _ = try table.toggleFlag(RowID(30))
        _ = try table.toggleDone(RowID(80))
        _ = try table.toggleOpen(RowID(31))
        changes = take(table)
        // Marks are written alone (never the row's content); the open state is content.
        #expect(Set(changes.rows.keys) == [RowID(31)] && changes.placements.isEmpty)
        #expect(changes.marks == [RowID(30): RowMarks(flagged: true), RowID(80): RowMarks(done: true)])
        #expect(take(table).isEmpty)
    }

    @Test func aPinIsOnePlacementBetweenItsNewNeighbours() throws {
        let fixture = try TableFixture()
        _ = try fixture.table.pin(RowID(31))
        let changes = take(fixture.table)
        #expect(changes.placements == [.placed(RowID(31), after: RowID(5), before: RowID(30))])
    }

    @Test func deleteUndoAndRedoArePlacementsInOrder() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.delete(RowID(3))
        _ = table.undo()
        var changes = take(table)
        #expect(changes.placements == [.removed(RowID(3)), .placed(RowID(3), after: RowID(2), before: RowID(4))])
        #expect(changes.rows[RowID(3)]?.content == .note(text: TableFixture.fiveLines, expanded: false))
        _ = table.redo()
        changes = take(table)
        #expect(changes.placements == [.removed(RowID(3))] && changes.rows.isEmpty)
    }

    @Test func aFailedBatchAbsorbsTheNextWithNewerContentWinning() {
        var old = RowChanges(placements: [.removed(RowID(1))], rows: [RowID(2): Row(id: RowID(2), content: .note(text: "a", expanded: false))])
        old.absorb(RowChanges(placements: [.removed(RowID(5))], rows: [RowID(2): Row(id: RowID(2), content: .note(text: "b", expanded: false))]))
        #expect(old.placements == [.removed(RowID(1)), .removed(RowID(5))])
        #expect(old.rows[RowID(2)]?.content == .note(text: "b", expanded: false))
    }

    @Test func jsonTextRoundTripsAndRefusesGarbage() {
        let value = JSONValue.object([JSONMember(key: "colour", value: .string("teal \"x\"")), JSONMember(key: "n", value: .array([.integer(1), .double(2.5), .null, .bool(true)]))])
        #expect(JSONText.decode(JSONText.encode(value)) == value)
        #expect(JSONText.decode("{\"a\":") == nil && JSONText.decode("1 2") == nil)
    }
}
