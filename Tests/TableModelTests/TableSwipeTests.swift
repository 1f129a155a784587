import Testing
@testable import TableModel

@Suite struct TableSwipeTests {
    @Test func actionWidthsComeFromTheirTitlesWithAMinimum() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        // "Delete" is 6 × 8 = 48 px + 24 padding = 72, below the 74 minimum.
        #expect(try table.swipeActionWidths(for: RowID(2), edge: .trailing) == [74, 74])
        #expect(try table.swipeActionWidths(for: RowID(1), edge: .trailing) == [])
        #expect(try table.swipeConfiguration(for: RowID(2), edge: .trailing)?.actions.map(\.identifier) == ["delete", "flag"])
        #expect(try table.swipeConfiguration(for: RowID(2), edge: .leading)?.actions.map(\.identifier) == ["pin", "done"])
        let widths = SwipeActionSizing.widths(of: [SwipeAction(identifier: "x", title: "A much longer title", iconName: "i", color: .blue)], font: FontDescription(), measurer: FixedAdvanceMeasurer())
        #expect(widths == [19 * 8 + 24])
    }

    @Test func dragOpenThenClickDeleteRemovesTheRowWithAnUndoToast() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.beginSwipeDrag(on: RowID(3), time: 0)
        #expect(table.updateSwipeDrag(dx: -15, dy: 0, time: 0.1).swipe.claimedGesture)
        _ = table.updateSwipeDrag(dx: -120, dy: 0, time: 0.5)
        let released = table.endSwipeDrag(time: 1)
        #expect(released.swipe.offsets.last?.offset == -148)
        #expect(table.swipeOffset(for: RowID(3)) == -148 && table.isAnyRowOpen)
        let update = try table.performSwipeAction(on: RowID(3), edge: .trailing, index: 0)
        #expect(update.layout.deleted == [RowID(3)])
        #expect(update.undoToast?.row == RowID(3))
        #expect(update.performedActions == [SwipeInvocation(row: RowID(3), edge: .trailing, index: 0)])
        #expect(!table.isAnyRowOpen && table.row(RowID(3)) == nil)
        _ = table.undo()
        #expect(table.row(RowID(3)) != nil && table.layout.index(of: RowID(3)) == 2)
    }

    @Test func fullSwipeIsOffByDefaultAndDeletesWhenOn() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.beginSwipeDrag(on: RowID(2), time: 0)
        _ = table.updateSwipeDrag(dx: -12, dy: 0, time: 0.1)
        _ = table.updateSwipeDrag(dx: -350, dy: 0, time: 1)
        #expect(table.endSwipeDrag(time: 2).layout.deleted.isEmpty)
        _ = table.tap()
        table.swipeActionStyle.allowsFullSwipe = true
        _ = try table.beginSwipeDrag(on: RowID(2), time: 3)
        _ = table.updateSwipeDrag(dx: -12, dy: 0, time: 3.1)
        _ = table.updateSwipeDrag(dx: -350, dy: 0, time: 4)
        let update = table.endSwipeDrag(time: 5)
        #expect(update.layout.deleted == [RowID(2)])
        #expect(table.row(RowID(2)) == nil)
    }

    @Test func leadingActionsPinAndMarkDone() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.openSwipe(RowID(31), edge: .leading)
        #expect(table.swipeOffset(for: RowID(31)) == 148)
        _ = try table.performSwipeAction(on: RowID(31), edge: .leading, index: 0)
        #expect(fixture.order()[5] == 31)
        _ = try table.performSwipeAction(on: RowID(31), edge: .leading, index: 1)
        #expect(table.row(RowID(31))!.done)
        _ = try table.performSwipeAction(on: RowID(31), edge: .trailing, index: 1)
        #expect(table.row(RowID(31))!.flagged)
        #expect(throws: TableError.headerHasNoActions(RowID(5))) { try table.performSwipeAction(on: RowID(5), edge: .leading, index: 0) }
    }

    @Test func scrollingTappingAndEscapeCloseOpenRows() throws {
        let fixture = try TableFixture(viewportHeight: 100)
        try fixture.measureAll()
        let table = fixture.table
        _ = try table.openSwipe(RowID(2), edge: .trailing)
        _ = try table.openSwipe(RowID(3), edge: .trailing)
        #expect(table.swipeOffset(for: RowID(2)) == 0 && table.swipeOffset(for: RowID(3)) == -148)
        #expect(table.scroll(toOffset: 50).swipe.offsets.map(\.row) == [RowID(3)])
        #expect(!table.isAnyRowOpen)
        _ = try table.openSwipe(RowID(3), edge: .leading)
        #expect(table.tap().consumed && !table.isAnyRowOpen)
        #expect(!table.tap().consumed)
        _ = try table.openSwipe(RowID(3), edge: .leading)
        #expect(table.escape().consumed && !table.isAnyRowOpen)
        table.allowsMultipleOpenRows = true
        _ = try table.openSwipe(RowID(2), edge: .trailing)
        _ = try table.openSwipe(RowID(3), edge: .trailing)
        #expect(table.swipeOffset(for: RowID(2)) == -148 && table.swipeOffset(for: RowID(3)) == -148)
    }

    @Test func verticalDragsAreLeftToTheTableAndRightToLeftMirrors() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.beginSwipeDrag(on: RowID(2), time: 0)
        #expect(table.updateSwipeDrag(dx: 2, dy: 30, time: 0.1).swipe.abandonedGesture)
        _ = table.endSwipeDrag(time: 0.2)
        table.layoutDirection = .rightToLeft
        _ = try table.openSwipe(RowID(2), edge: .leading)
        #expect(table.swipeOffset(for: RowID(2)) == -148)
    }

    @Test func touchpadScrollEndsOnIdleOnTheEventsTimeline() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        for step in 1...10 {
            _ = try table.swipeScroll(on: RowID(2), dx: -12, dy: 0, time: Double(step) * 0.01)
        }
        #expect(table.endSwipeScrollIfIdle(now: 0.15).swipe.isEmpty)
        _ = table.endSwipeScrollIfIdle(now: 0.6)
        #expect(table.swipeOffset(for: RowID(2)) == -148)
    }
}
