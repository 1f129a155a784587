import Testing
@testable import TableModel

/// A row whose stored content cannot be read is shown as unreadable, with its message, and no
/// intent ever hands it to the store; a mark hands over only the marks (W6).
@Suite struct UnreadableRowTests {
    /// Every intent that writes a row, applied to `id`.
    private static let writingIntents: [(name: String, run: @Sendable (Table, RowID) throws(TableError) -> TableUpdate)] = [
        ("flag", { table, id throws(TableError) in try table.toggleFlag(id) }),
        ("done", { table, id throws(TableError) in try table.toggleDone(id) }),
        ("pin", { table, id throws(TableError) in try table.pin(id) }),
        ("unpin", { table, id throws(TableError) in try table.unpin(id) }),
        ("delete", { table, id throws(TableError) in try table.delete(id) }),
        ("type", { table, id throws(TableError) in try table.setText("typed", for: id) }),
        ("expand", { table, id throws(TableError) in try table.toggleExpanded(id) }),
        ("open", { table, id throws(TableError) in try table.toggleOpen(id) }),
        ("leading action", { table, id throws(TableError) in try table.performSwipeAction(on: id, edge: .leading, index: 0) }),
        ("trailing action", { table, id throws(TableError) in try table.performSwipeAction(on: id, edge: .trailing, index: 0) }),
    ]

    @Test(arguments: [RowID(3), RowID(30), RowID(80)])
    func anUnreadableRowSaysWhyAndNoIntentWritesIt(id: RowID) throws {
        let (table, _) = try DamagedSource.table(damaged: [id])
        _ = table.layOutVisibleRows()
        #expect(table.readFailure(of: id)?.message == DamagedSource.message)
        #expect(table.readFailure(of: RowID(2)) == nil)
        #expect(try table.swipeConfiguration(for: id, edge: .leading) == nil)
        #expect(try table.swipeConfiguration(for: id, edge: .trailing) == nil)
        for intent in Self.writingIntents {
            #expect(throws: TableError.unreadableRow(id, RowReadFailure(message: DamagedSource.message)), "\(intent.name)") {
                _ = try intent.run(table, id)
            }
        }
        #expect(table.takeChanges(force: true) == nil && !table.canUndo)
    }

    @Test func anUnreadableRowIsAsTallAsItsMessage() throws {
        let (table, _) = try DamagedSource.table(damaged: [RowID(3)])
        _ = table.layOutVisibleRows()
        // 400 px less 2 × 12 px padding wraps the message at 47 characters of 8 px: 2 lines of 16 px.
        let lines = FixedAdvanceMeasurer(advance: 8, lineHeight: 16)
            .measure(DamagedSource.message, font: table.metrics.unreadable.font, maxWidth: 376, wrap: .wordChar).height / 16
        #expect(table.layout.isMeasured(RowID(3)) && table.layout.height(of: RowID(3)) == 16 * lines + 16)
    }

    @Test func aMarkHandsOverItsMarksAloneAndContentWinsWhenBothChange() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.toggleFlag(RowID(2))
        _ = try table.pin(RowID(31))
        var changes = try #require(table.takeChanges(force: true))
        #expect(changes.rows.isEmpty)
        #expect(changes.marks == [RowID(2): RowMarks(flagged: true), RowID(31): RowMarks(pinned: true)])
        #expect(changes.placements == [.placed(RowID(31), after: RowID(5), before: RowID(30))])
        _ = try table.toggleDone(RowID(2))
        _ = try table.setText("changed", for: RowID(2))
        changes = try #require(table.takeChanges(force: true))
        #expect(changes.marks.isEmpty && changes.rows[RowID(2)]?.done == true && changes.rows[RowID(2)]?.flagged == true)
    }

    @Test func aFailedBatchFoldsNewerMarksIntoAnOlderWholeRow() {
        let row = Row(id: RowID(2), content: .note(text: "a", expanded: false))
        var pending = RowChanges(rows: [RowID(2): row], marks: [RowID(3): RowMarks(done: true)])
        pending.absorb(RowChanges(marks: [RowID(2): RowMarks(flagged: true), RowID(3): RowMarks(pinned: true)]))
        #expect(pending.rows[RowID(2)]?.flagged == true && pending.rows[RowID(2)]?.content == row.content)
        #expect(pending.marks == [RowID(3): RowMarks(pinned: true)])
        pending.absorb(RowChanges(rows: [RowID(3): Row(id: RowID(3), content: .note(text: "b", expanded: false))]))
        #expect(pending.marks.isEmpty && pending.rows.count == 2)
    }

    /// Seeded random intents over a table with random unreadable rows: whatever succeeds or
    /// is refused, the changes handed to the store never name an unreadable row.
    @Test func randomIntentsNeverHandAnUnreadableRowToTheStore() throws {
        let seed = TestSeed.make()
        var random = SplitMix64(seed: seed)
        let ids = TableFixture.file.rows.map(\.id)
        for round in 0..<200 {
            let damaged = Set(ids.filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
            let (table, _) = try DamagedSource.table(damaged: damaged)
            _ = table.layOutVisibleRows()
            var written = RowChanges()
            for _ in 0..<30 {
                let id = ids.randomElement(using: &random)!
                let intent = Self.writingIntents.randomElement(using: &random)!
                if Int.random(in: 0..<5, using: &random) == 0 {
                    _ = table.undo()
                } else {
                    _ = try? intent.run(table, id)
                }
                if let changes = table.takeChanges(force: true) { written.absorb(changes) }
            }
            let touched = Set(written.rows.keys).union(written.marks.keys).union(written.placements.map { placement in
                switch placement {
                case .placed(let id, _, _), .removed(let id): id
                case .trashed(_, let first, _): first
                case .untrashed: RowID(0)
                }
            })
            #expect(touched.isDisjoint(with: damaged), "seed \(seed), round \(round): wrote \(touched.intersection(damaged))")
        }
    }
}
