import Testing
@testable import TableModel

@Suite struct BatchUpdateTests {
    private func ids(_ layout: TableLayout) -> [Int64] { (0..<layout.count).map { layout.id(at: $0).rawValue } }

    @Test func uiKitSemantics() throws {
        let layout = try makeTinyLayout(makeRows(8))
        var batch = BatchUpdate()
        batch.delete(RowID(1))
        batch.delete(RowID(4))
        batch.move(RowID(6), to: 0)
        batch.insert(RowSpec(id: RowID(100), kind: .rich), at: 3)
        batch.insert(RowSpec(id: RowID(101), kind: .grid), at: 7)
        let changes = try layout.performBatch(batch)
        // Survivors in order: 0 2 3 5 7; moved 6 at 0, inserts at 3 and 7.
        #expect(ids(layout) == [6, 0, 2, 100, 3, 5, 7, 101])
        #expect(changes.deleted == [RowID(1), RowID(4)])
        #expect(changes.inserted == [RowID(100), RowID(101)])
        #expect(changes.moved == [.init(id: RowID(6), from: 6, to: 0)])
        #expect(changes.remeasure == [RowID(100), RowID(101)])
        #expect(layout.kind(of: RowID(100)) == .rich)
        layout._checkInvariants()
    }

    @Test func movesKeepHeightsAndReloadsGoStale() throws {
        let layout = try makeTinyLayout(makeRows(6))
        _ = try layout.setMeasuredHeight(42, for: RowID(2))
        _ = try layout.setMeasuredHeight(17, for: RowID(3))
        var batch = BatchUpdate()
        batch.move(RowID(2), to: 5)
        batch.reload(RowID(3))
        batch.invalidateHeight(of: RowID(2))
        batch.setMeasuredHeight(12, for: RowID(4))
        let changes = try layout.performBatch(batch)
        #expect(ids(layout) == [0, 1, 3, 4, 5, 2])
        #expect(layout.height(of: RowID(2)) == 42 && layout.heightState(of: RowID(2)) == .stale)
        #expect(layout.height(of: RowID(3)) == 17 && layout.heightState(of: RowID(3)) == .stale)
        #expect(changes.rebind == [RowID(3)])
        #expect(changes.remeasure == [RowID(3), RowID(2)])
        #expect(changes.heightChanges == [.init(id: RowID(4), oldHeight: 10, newHeight: 12)])
        #expect(changes.heightChanges.first?.delta == 2)
    }

    @Test func insertWithAKnownHeight() throws {
        let layout = try makeTinyLayout(makeRows(3))
        var batch = BatchUpdate()
        batch.insert(RowSpec(id: RowID(9), kind: .note, measuredHeight: 55), at: 3)
        let changes = try layout.performBatch(batch)
        #expect(layout.isMeasured(RowID(9)) && layout.height(of: RowID(9)) == 55)
        #expect(changes.remeasure.isEmpty)
        #expect(changes.contentHeight == 85)
    }

    @Test func emptyBatchChangesNothing() throws {
        let layout = try makeTinyLayout(makeRows(3))
        let before = LayoutSnapshot(layout)
        #expect(BatchUpdate().isEmpty)
        let changes = try layout.performBatch(BatchUpdate())
        #expect(changes.contentHeight == 30 && !changes.estimatesChanged)
        #expect(LayoutSnapshot(layout) == before)
    }

    @Test func deletingTheAnchorPassesItToTheNextRow() throws {
        let layout = try makeTinyLayout(makeRows(30))
        layout.scroll(toOffset: 104)
        #expect(layout.anchor == ScrollAnchor(id: RowID(10), offsetInRow: 4))
        var batch = BatchUpdate()
        batch.delete(RowID(10))
        batch.delete(RowID(11))
        batch.delete(RowID(3))
        _ = try layout.performBatch(batch)
        #expect(layout.anchor == ScrollAnchor(id: RowID(12), offsetInRow: 4), "row 12 takes the deleted anchor's place")
        #expect(layout.scrollOffset == 94)
        layout._checkInvariants()
    }

    @Test func deletingTheLastRowsPassesTheAnchorBack() throws {
        let layout = try makeTinyLayout(makeRows(30), viewportHeight: 0)
        layout.scroll(toOffset: 285)
        #expect(layout.anchor == ScrollAnchor(id: RowID(28), offsetInRow: 5))
        var batch = BatchUpdate()
        batch.delete(RowID(28))
        batch.delete(RowID(29))
        _ = try layout.performBatch(batch)
        #expect(layout.anchor == ScrollAnchor(id: RowID(27), offsetInRow: 10), "clamped at the new end")
        #expect(layout.scrollOffset == 280)
        layout._checkInvariants()
    }

    @Test func movingTheAnchorAwayLeavesTheViewWhereItIs() throws {
        let layout = try makeTinyLayout(makeRows(30))
        layout.scroll(toOffset: 150)
        var batch = BatchUpdate()
        batch.move(RowID(15), to: 0)
        _ = try layout.performBatch(batch)
        #expect(layout.anchor == ScrollAnchor(id: RowID(16), offsetInRow: 0))
        #expect(layout.scrollOffset == 160, "the moved row now sits above: rows on screen stay put")
    }

    @Test func deletingEverythingEmptiesTheAnchor() throws {
        let layout = try makeTinyLayout(makeRows(3))
        layout.scroll(toOffset: 5)
        var batch = BatchUpdate()
        for id in 0..<3 { batch.delete(RowID(Int64(id))) }
        let changes = try layout.performBatch(batch)
        #expect(layout.anchor == nil && changes.scrollOffset == 0 && changes.contentHeight == 0)
        layout._checkInvariants()
    }

    static let invalidBatches: [(String, @Sendable (inout BatchUpdate) -> Void, BatchUpdateError)] = [
        ("unknown delete", { $0.delete(RowID(99)) }, .unknownRow(RowID(99), operation: "delete")),
        ("unknown move", { $0.move(RowID(99), to: 0) }, .unknownRow(RowID(99), operation: "move")),
        ("unknown reload", { $0.reload(RowID(99)) }, .unknownRow(RowID(99), operation: "reload")),
        ("unknown invalidation", { $0.invalidateHeight(of: RowID(99)) },
         .unknownRow(RowID(99), operation: "invalidateHeight")),
        ("unknown height", { $0.setMeasuredHeight(5, for: RowID(99)) },
         .unknownRow(RowID(99), operation: "setMeasuredHeight")),
        ("delete twice", { $0.delete(RowID(1)); $0.delete(RowID(1)) },
         .conflictingOperations(RowID(1), first: "delete", second: "delete")),
        ("delete and move", { $0.delete(RowID(1)); $0.move(RowID(1), to: 0) },
         .conflictingOperations(RowID(1), first: "delete", second: "move")),
        ("delete and reload", { $0.delete(RowID(1)); $0.reload(RowID(1)) },
         .conflictingOperations(RowID(1), first: "delete", second: "reload")),
        ("reload and height", { $0.reload(RowID(1)); $0.setMeasuredHeight(3, for: RowID(1)) },
         .conflictingOperations(RowID(1), first: "reload", second: "setMeasuredHeight")),
        ("insert existing id", { $0.insert(RowSpec(id: RowID(2), kind: .note), at: 0) },
         .duplicateRow(RowID(2), operation: "insert")),
        ("insert same id twice", {
            $0.insert(RowSpec(id: RowID(50), kind: .note), at: 0)
            $0.insert(RowSpec(id: RowID(50), kind: .note), at: 1)
        }, .duplicateRow(RowID(50), operation: "insert")),
        ("insert past the end", { $0.insert(RowSpec(id: RowID(50), kind: .note), at: 6) },
         .indexOutOfRange(6, validRange: 0..<6, operation: "insert")),
        ("negative insert", { $0.insert(RowSpec(id: RowID(50), kind: .note), at: -1) },
         .indexOutOfRange(-1, validRange: 0..<6, operation: "insert")),
        ("move past the end after deletes", { $0.delete(RowID(0)); $0.move(RowID(1), to: 4) },
         .indexOutOfRange(4, validRange: 0..<4, operation: "move")),
        ("same destination", {
            $0.insert(RowSpec(id: RowID(50), kind: .note), at: 2)
            $0.move(RowID(4), to: 2)
        }, .duplicateDestination(2)),
        ("NaN height", { $0.setMeasuredHeight(.nan, for: RowID(3)) }, .invalidHeight(.nan, RowID(3))),
        ("negative inserted height", { $0.insert(RowSpec(id: RowID(50), kind: .note, measuredHeight: -2), at: 0) },
         .invalidHeight(-2, RowID(50))),
        ("valid requests then a bad one", {
            $0.delete(RowID(0))
            $0.insert(RowSpec(id: RowID(50), kind: .note), at: 0)
            $0.setMeasuredHeight(20, for: RowID(3))
            $0.move(RowID(77), to: 1)
        }, .unknownRow(RowID(77), operation: "move")),
    ]

    @Test(arguments: 0..<invalidBatches.count)
    func invalidBatchesThrowAndChangeNothing(caseIndex: Int) throws {
        let (name, build, expected) = Self.invalidBatches[caseIndex]
        let layout = try makeTinyLayout(makeRows(5))
        _ = try layout.setMeasuredHeight(30, for: RowID(4))
        layout.scroll(toOffset: 15)
        let before = LayoutSnapshot(layout)
        var batch = BatchUpdate()
        build(&batch)
        do {
            _ = try layout.performBatch(batch)
            Issue.record("\(name): no error")
        } catch {
            if case .invalidHeight(let height, let id) = expected, height.isNaN {
                guard case .invalidHeight(let thrownHeight, let thrownID) = error else {
                    Issue.record("\(name): \(error)")
                    return
                }
                #expect(thrownHeight.isNaN && thrownID == id, "\(name)")
            } else {
                #expect(error == expected, "\(name)")
            }
            #expect(!error.description.isEmpty)
        }
        #expect(LayoutSnapshot(layout) == before, "\(name)")
        layout._checkInvariants()
    }

    @Test func errorMessagesSayWhatAndWhere() {
        #expect(BatchUpdateError.indexOutOfRange(7, validRange: 0..<5, operation: "insert").description
                == "insert: index 7 is outside 0..<5")
        #expect(BatchUpdateError.unknownRow(RowID(4), operation: "delete").description == "delete: no row has id #4")
    }
}
