import Testing
@testable import TableModel

@Suite struct TableRowTests {
    @Test func toggleHeightsAreStableAndInRange() {
        // Golden values: FNV-1a over the id's little-endian bytes, computed independently.
        #expect([1, 2, 30, 31, 71].map { ToggleSizing.openHeight(for: RowID($0)) } == [81, 100, 48, 79, 47])
        let heights = (1...42).map { ToggleSizing.openHeight(for: RowID(Int64($0))) }
        #expect(heights.allSatisfy { (45...100).contains($0) })
        #expect(Set(heights).count > 10)
        #expect(ToggleSizing.height(for: RowID(5), open: false) == 45)
    }

    @Test func togglingOpensToTheIdHeightAndTheLabelFollows() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        #expect(try table.toggleLabel(for: RowID(30)) == "45")
        #expect(try table.toggleLabel(for: RowID(31)) == "79")
        let update = try table.toggleOpen(RowID(30))
        #expect(update.layout.heightChanges == [ChangeSet.HeightChange(id: RowID(30), oldHeight: 45, newHeight: 48)])
        #expect(update.refresh == [RowID(30)] && update.layout.remeasure.isEmpty)
        #expect(try table.toggleLabel(for: RowID(30)) == "48")
        _ = table.undo()
        #expect(try table.toggleLabel(for: RowID(30)) == "45")
        #expect(throws: TableError.wrongKind(RowID(2), expected: .toggle, found: .note)) { try table.toggleOpen(RowID(2)) }
    }

    @Test func flowLayoutWrapsAndClamps() {
        let sizes = [Size(width: 50, height: 20), Size(width: 50, height: 30), Size(width: 50, height: 20), Size(width: 500, height: 20)]
        let flow = FlowLayout(itemSizes: sizes, width: 120, itemSpacing: 10, lineSpacing: 5)
        #expect(flow.frames == [
            Rect(x: 0, y: 0, width: 50, height: 20), Rect(x: 60, y: 0, width: 50, height: 30),
            Rect(x: 0, y: 35, width: 50, height: 20), Rect(x: 0, y: 60, width: 120, height: 20),
        ])
        #expect(flow.clamped == [false, false, false, true])
        #expect(flow.contentHeight == 80)
        #expect(FlowLayout(itemSizes: [], width: 100, itemSpacing: 1, lineSpacing: 1).contentHeight == 0)
    }

    @Test func flowFramesStayInsideTheWidth() {
        let seed = TestSeed.make()
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let sizes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Size(width: Double(Int.random(in: 1...300, using: &random)), height: Double(Int.random(in: 10...40, using: &random)))
            }
            let width = Double(Int.random(in: 1...400, using: &random))
            let flow = FlowLayout(itemSizes: sizes, width: width, itemSpacing: 8, lineSpacing: 8)
            for (position, frame) in flow.frames.enumerated() {
                #expect(frame.x >= 0 && frame.maxX <= width, "seed \(seed)")
                #expect(frame.maxY <= flow.contentHeight, "seed \(seed)")
                if position > 0 {
                    let previous = flow.frames[position - 1]
                    #expect(frame.y > previous.y || frame.x >= previous.maxX + 8, "seed \(seed)")
                }
            }
        }
    }

    @Test func gridChipsAreMeasuredOnceAndAWidthChangeOnlyReflows() throws {
        let fixture = try TableFixture()
        try fixture.measureAll()
        let table = fixture.table
        let grid = try table.gridLayout(for: RowID(80))
        #expect(grid.clamped == [false, false, false, true, false])
        #expect(grid.frames[3].width == 376)
        #expect(table.layout.height(of: RowID(80)) == grid.contentHeight + 24)
        #expect(fixture.measurer.requests["Swift"] == 1)
        let update = try table.setWidth(800)
        #expect(update.layout.remeasureAll)
        _ = try table.measure([RowID(80)])
        #expect(fixture.measurer.requests["Swift"] == 1)
        #expect(try table.gridLayout(for: RowID(80)).contentHeight < grid.contentHeight)
        #expect(throws: TableError.invalidLength(-1, name: "width")) { try table.setWidth(-1) }
        #expect(throws: TableError.self) { try table.setWidth(.nan) }
        #expect(table.width == 800)
    }

    @Test func richRowsWaitAtTheEstimateThenGrowOnce() throws {
        let fixture = try TableFixture(viewportHeight: 5000)
        let table = fixture.table
        let (visible, _) = table.layOutVisibleRows()
        let rich = try #require(visible.first { $0.id == RowID(90) })
        #expect(rich.heightState == .estimated && rich.height == table.layout.estimatedHeight(for: .rich))
        #expect(try table.richState(of: RowID(90)) == .placeholder)
        try table.richLoadingStarted(RowID(90))
        let update = try table.richContentArrived(RowID(90), markup: "<b>Welcome</b>\nto the <i>table</i>\n&amp; more")
        #expect(update.layout.heightChanges.map(\.id) == [RowID(90)])
        #expect(update.rebind == [RowID(90)])
        #expect(table.layout.height(of: RowID(90)) == 72)  // three 16 px lines and 12 px padding each side
        #expect(try table.richState(of: RowID(90)) == .loaded(markup: "<b>Welcome</b>\nto the <i>table</i>\n&amp; more"))
    }

    @Test func richRowsAboveTheViewDoNotMoveIt() throws {
        var rows = [Row(id: RowID(1), content: .rich(source: "a"))]
        rows += (2...40).map { Row(id: RowID(Int64($0)), content: .toggle(title: "t", open: false)) }
        let fixture = try TableFixture(file: RowsFile(rows: rows), viewportHeight: 200)
        let table = fixture.table
        _ = table.scroll(toOffset: 500)
        let anchor = try #require(table.layout.anchor)
        let screenY = table.layout.offset(of: anchor.id)! - table.layout.scrollOffset
        _ = try table.richContentArrived(RowID(1), markup: String(repeating: "word ", count: 200))
        #expect(table.layout.offset(of: anchor.id)! - table.layout.scrollOffset == screenY)
    }

    @Test func failedAndTimedOutLoadsShowAFixedErrorRow() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.richContentFailed(RowID(90), because: .error("not found"))
        #expect(table.layout.height(of: RowID(90)) == 56)
        #expect(try table.richState(of: RowID(90)) == .failed(.error("not found")))

        let other = try TableFixture()
        try other.table.richLoadingStarted(RowID(90))
        other.clock.advance(by: 5)
        #expect(other.table.failOverdueRichLoads().layout.heightChanges.isEmpty)
        other.clock.advance(by: 6)
        let update = other.table.failOverdueRichLoads()
        #expect(update.layout.heightChanges.map(\.id) == [RowID(90)])
        #expect(try other.table.richState(of: RowID(90)) == .failed(.timedOut))
        #expect(throws: TableError.wrongKind(RowID(2), expected: .rich, found: .note)) { try other.table.richContentArrived(RowID(2), markup: "x") }
        #expect(throws: TableError.unknownRow(RowID(555))) { try other.table.richLoadingStarted(RowID(555)) }
    }

    @Test func deleteIsOneBatchAndUndoRestoresTheRowInPlace() throws {
        let fixture = try TableFixture()
        try fixture.measureAll()
        let table = fixture.table
        let before = table.snapshot()
        let height = table.layout.height(of: RowID(4))
        let update = try table.delete(RowID(4))
        #expect(update.layout.deleted == [RowID(4)])
        #expect(update.undoToast == TableUpdate.UndoToast(
            row: RowID(4), action: .deleted(.note, excerpt: "lorem ipsum dolor…")))
        #expect(table.row(RowID(4)) == nil && table.count == 10)
        let undone = table.undo()
        #expect(undone.layout.inserted == [RowID(4)] && undone.rebind == [RowID(4)])
        #expect(table.snapshot() == before)
        #expect(table.layout.height(of: RowID(4)) == height && table.layout.isMeasured(RowID(4)))
        _ = table.redo()
        #expect(table.row(RowID(4)) == nil)
        #expect(throws: TableError.unknownRow(RowID(4))) { try table.delete(RowID(4)) }
    }

    @Test func pinMovesToTheTopOfTheSectionAndUndoMovesBack() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.pin(RowID(31))
        #expect(fixture.order() == [1, 2, 3, 4, 5, 31, 30, 6, 80, 7, 90])
        _ = try table.pin(RowID(4))
        #expect(fixture.order() == [1, 4, 2, 3, 5, 31, 30, 6, 80, 7, 90])
        _ = table.undo()
        _ = table.undo()
        #expect(fixture.order() == [1, 2, 3, 4, 5, 30, 31, 6, 80, 7, 90])
        // Already pinned: nothing to do, nothing to undo.
        _ = try table.pin(RowID(31))
        _ = try table.pin(RowID(31))
        _ = table.undo()
        #expect(!table.canUndo && table.row(RowID(31))?.pinned == false)
        #expect(throws: TableError.headerHasNoActions(RowID(1))) { try table.pin(RowID(1)) }
        // Without headers the top of the table is the section top.
        let plain = try TableFixture(file: RowsFile(rows: (1...5).map { Row(id: RowID(Int64($0)), content: .toggle(title: "", open: false)) }))
        _ = try plain.table.pin(RowID(4))
        #expect(plain.order() == [4, 1, 2, 3, 5])
    }

    @Test func flagAndDoneToggleAndUndo() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        #expect(try table.toggleFlag(RowID(2)).refresh == [RowID(2)])
        _ = try table.toggleDone(RowID(2))
        #expect(table.row(RowID(2))!.flagged && table.row(RowID(2))!.done)
        _ = table.undo()
        #expect(table.row(RowID(2))!.flagged && !table.row(RowID(2))!.done)
        _ = table.undo()
        #expect(!table.row(RowID(2))!.flagged)
        #expect(throws: TableError.headerHasNoActions(RowID(5))) { try table.toggleFlag(RowID(5)) }
        #expect(throws: TableError.unknownRow(RowID(77))) { try table.toggleDone(RowID(77)) }
    }

    @Test func typingCoalescesIntoOneUndoStepPerBurst() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        var text = TableFixture.shortText
        for character in " and eggs" {
            text.append(character)
            _ = try table.setText(text, for: RowID(2))
            fixture.clock.advance(by: 0.2)
        }
        fixture.clock.advance(by: 1.5)
        _ = try table.setText(text + "!", for: RowID(2))
        let undone = table.undo()
        #expect(undone.rebind == [RowID(2)])
        #expect(table.row(RowID(2))!.content == .note(text: "Buy milk and eggs", expanded: false))
        _ = table.undo()
        #expect(table.row(RowID(2))!.content == .note(text: "Buy milk", expanded: false))
        #expect(!table.canUndo)
        _ = table.redo()
        _ = table.redo()
        #expect(table.row(RowID(2))!.content == .note(text: "Buy milk and eggs!", expanded: false))
    }

    @Test func undoAndRedoWithNothingToDoAreNoOps() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        let before = table.snapshot()
        #expect(table.undo().rebind.isEmpty)
        #expect(table.redo().rebind.isEmpty)
        #expect(table.snapshot() == before)
    }

    @Test func unknownIDsAndBadSizesAreRejectedEverywhere() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        let before = table.snapshot()
        let ghost = RowID(12345)
        #expect(throws: TableError.unknownRow(ghost)) { try table.toggleExpanded(ghost) }
        #expect(throws: TableError.unknownRow(ghost)) { try table.toggleOpen(ghost) }
        #expect(throws: TableError.unknownRow(ghost)) { try table.pin(ghost) }
        #expect(throws: TableError.unknownRow(ghost)) { try table.measure([ghost]) }
        #expect(throws: TableError.unknownRow(ghost)) { try table.beginSwipeDrag(on: ghost, time: 0) }
        #expect(throws: TableError.unknownRow(ghost)) { try table.swipeScroll(on: ghost, dx: 1, dy: 0, time: 0) }
        #expect(throws: TableError.unknownRow(ghost)) { try table.openSwipe(ghost, edge: .leading) }
        #expect(throws: TableError.unknownRow(ghost)) { try table.performSwipeAction(on: ghost, edge: .leading, index: 0) }
        #expect(throws: TableError.unknownAction(RowID(2), edge: .leading, index: 7)) { try table.performSwipeAction(on: RowID(2), edge: .leading, index: 7) }
        #expect(throws: TableError.invalidLength(-5, name: "viewport height")) { try table.setViewportHeight(-5) }
        #expect(throws: TableError.self) { try table.setViewportHeight(.infinity) }
        #expect(throws: TableError.invalidLength(-1, name: "width")) { try Table(file: TableFixture.file, width: -1, measurer: fixture.measurer) }
        #expect(table.snapshot() == before && !table.canUndo && !table.hasUnsavedChanges)
    }
}
