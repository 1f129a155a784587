import Testing
@testable import TableModel

@Suite struct TableStateTests {
    @Test func changesAreHandedOverWithinASecondOfTheLastOneAndAtOnceOnQuit() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        #expect(!table.hasUnsavedChanges && table.takeChanges(force: true) == nil)
        _ = try table.setText("changed", for: RowID(2))
        #expect(table.saveDeadline == SaveScheduler.debounceInterval)
        #expect(table.takeChanges() == nil && table.hasUnsavedChanges)  // not yet due
        fixture.clock.advance(by: 1)
        let changes = try #require(table.takeChanges())
        #expect(!table.hasUnsavedChanges)
        #expect(changes.rows == [RowID(2): Row(id: RowID(2), content: .note(text: "changed", expanded: false))])
        // On quit, a pending change is handed over at once.
        _ = try table.toggleFlag(RowID(30))
        #expect(try #require(table.takeChanges(force: true)).marks[RowID(30)]?.flagged == true)
        #expect(table.snapshot().extraFields == TableFixture.file.extraFields)
    }

    @Test func aGeneratedFileLoadsLaysOutAndSavesUnchanged() throws {
        let file = RowsFile(rows: RowsGenerator(seed: 11).rows(count: 3000))
        let fixture = try TableFixture(file: file, viewportHeight: 800)
        let table = fixture.table
        let (visible, _) = table.layOutVisibleRows(overscan: 100)
        #expect(!visible.isEmpty)
        #expect(visible.allSatisfy { $0.isMeasured || $0.kind == .rich })
        _ = table.scroll(toOffset: table.layout.maxScrollOffset / 2)
        _ = table.layOutVisibleRows()
        table._checkInvariants()
        #expect(table.snapshot() == file)
    }

    @Test func randomIntentsThenUndoingEverythingRestoresTheStart() throws {
        let seed = TestSeed.make()
        var random = SplitMix64(seed: seed)
        let file = RowsFile(rows: RowsGenerator(seed: seed).rows(count: 120))
        let fixture = try TableFixture(file: file, viewportHeight: 400)
        let table = fixture.table
        var steps = 0
        for _ in 0..<300 {
            fixture.clock.advance(by: Double.random(in: 0...2, using: &random))
            let id = table.layout.id(at: Int.random(in: 0..<table.count, using: &random))
            let row = table.row(id)!
            do throws(TableError) {
                switch Int.random(in: 0..<11, using: &random) {
                case 0: _ = try table.setText(String(repeating: "word ", count: Int.random(in: 0...60, using: &random)), for: id)
                case 1: _ = try table.toggleExpanded(id)
                case 2: _ = try table.toggleOpen(id)
                case 3: if table.count > 20 { _ = try table.delete(id) }
                case 4: _ = try table.pin(id)
                case 5: _ = try table.toggleFlag(id)
                case 6: _ = try table.toggleDone(id)
                case 7: _ = table.undo()
                case 8: _ = table.redo()
                case 9: _ = try table.openSwipe(id, edge: Bool.random(using: &random) ? .leading : .trailing)
                default:
                    // Delete only while enough rows remain to keep picking from.
                    let edge: SwipeEdge = table.count > 20 && Bool.random(using: &random) ? .trailing : .leading
                    _ = try table.performSwipeAction(on: id, edge: edge, index: Int.random(in: 0...1, using: &random))
                }
                steps += 1
            } catch {
                // Only refusals that the row's kind or content explain are expected.
                switch error {
                case .wrongKind, .nothingToExpand, .headerHasNoActions: break
                default: Issue.record("seed \(seed): unexpected \(error) for \(row.kind) row \(id)")
                }
            }
            _ = table.layOutVisibleRows()
            table._checkInvariants()
            #expect(table.rows.count == table.count, "seed \(seed)")
        }
        while table.canUndo { _ = table.undo() }
        #expect(table.snapshot() == file, "seed \(seed)")
        #expect(steps > 100, "seed \(seed)")
    }
}

@Suite struct EstimateSampleTests {
    @Test func aSampleMeasuresSpreadRowsAndTeachesTheEstimates() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        let noteEstimate = table.layout.estimatedHeight(for: .note)
        _ = table.measureSample(of: 4)
        // Every 2nd row of 11 (step 11 / 4 = 2): rows 0, 2, 4, 6, 8, 10; rich row 10 is pending.
        let measured = (0..<table.count).filter { table.layout.isMeasured(table.layout.id(at: $0)) }
        #expect(measured.contains(2) && measured.contains(8) && !measured.contains(10))
        #expect(table.layout.estimatedHeight(for: .note) != noteEstimate)
        #expect(table.measureCounts[RowID(3)] == 1)
        // Measured rows are not measured again by a second sample.
        _ = table.measureSample(of: 4)
        #expect(table.measureCounts[RowID(3)] == 1)
        #expect(table.measureSample(of: 0) == TableUpdate())
    }
}
