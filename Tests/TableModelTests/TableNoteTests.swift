import Testing
@testable import TableModel

@Suite struct TableNoteTests {
    @Test func shortNotesHugTheirTextCollapsedOnesAre64PlusChromeAndExpandedOnesFitTheirText() throws {
        let fixture = try TableFixture()
        try fixture.measureAll()
        let table = fixture.table
        // One 16 px line and padding, no button bar (N2).
        #expect(table.layout.height(of: RowID(2)) == 32)  // 8 + 16 + 8
        let short = try table.noteLayout(for: RowID(2))
        #expect(short.textAreaHeight == 16 && !short.showsBar)
        #expect(table.layout.height(of: RowID(3)) == 118)
        let long = try table.noteLayout(for: RowID(4))
        // 540 characters in words of ≤ 5 at 46 per line.
        #expect(long.contentHeight > 64 && long.textAreaHeight == long.contentHeight)
        #expect(table.layout.height(of: RowID(4)) == long.contentHeight + 54)
        #expect(long.buttonTitle == "Collapse")
    }

    @Test func theButtonIsShownOnlyWhenTheTextDoesNotFit() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        let short = try table.noteLayout(for: RowID(2))
        #expect(!short.canExpand && short.buttonTitle == "Expand")
        #expect(try table.noteLayout(for: RowID(3)).canExpand)  // 5 lines = 80 px
        let before = table.snapshot()
        #expect(throws: TableError.nothingToExpand(RowID(2))) { try table.toggleExpanded(RowID(2)) }
        #expect(table.snapshot() == before && !table.canUndo)
        // Four lines fit exactly in 64 px.
        _ = try table.setText("1\n2\n3\n4", for: RowID(2))
        #expect(!(try table.noteLayout(for: RowID(2))).canExpand)
        #expect(table.layout.height(of: RowID(2)) == 80)  // 8 + 64 + 8
        let update = try table.setText("1\n2\n3\n4\n5", for: RowID(2))
        #expect(try table.noteLayout(for: RowID(2)).canExpand)
        #expect(update.refresh == [RowID(2)])
        // Collapsed, the overflowing note keeps 64 px and gains its bar.
        #expect(table.layout.height(of: RowID(2)) == 118)
    }

    @Test func anExpandedNoteWhoseTextFitsHasNothingToCollapse() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.toggleExpanded(RowID(3))
        _ = try table.setText("one line", for: RowID(3))
        let layout = try table.noteLayout(for: RowID(3))
        #expect(layout.expanded && !layout.canExpand && !layout.showsBar)
        #expect(throws: TableError.nothingToExpand(RowID(3))) { try table.toggleExpanded(RowID(3)) }
    }

    @Test func aMarkGivesAShortNoteItsBarAndOnlyThatRowChangesHeight() throws {
        let fixture = try TableFixture()
        try fixture.measureAll()
        let table = fixture.table
        let update = try table.toggleFlag(RowID(2))
        #expect(update.layout.heightChanges.map(\.id) == [RowID(2)])
        #expect(table.layout.height(of: RowID(2)) == 70)  // 8 + 16 + 6 + 32 + 8
        #expect(try table.noteLayout(for: RowID(2)).showsBar)
        _ = table.undo()
        #expect(table.layout.height(of: RowID(2)) == 32)  // 8 + 16 + 8
        // An overflowing note has its bar anyway: a mark changes no height.
        #expect(try table.toggleDone(RowID(3)).layout.heightChanges.isEmpty)
    }

    @Test func anUnusableMeasurementCountsAsTheCollapsedArea() {
        let layout = NoteLayout(contentHeight: .nan, expanded: false, marked: false, metrics: NoteMetrics())
        #expect(layout.textAreaHeight == 64 && !layout.canExpand && layout.rowHeight == 80)
    }

    @Test func expandingChangesOnlyThatRowAndKeepsTheViewStill() throws {
        let fixture = try TableFixture(viewportHeight: 200)
        try fixture.measureAll()
        let table = fixture.table
        _ = table.scroll(toOffset: 600)
        let anchor = try #require(table.layout.anchor)
        let anchorTop = table.layout.offset(of: anchor.id)! - table.layout.scrollOffset
        fixture.measurer.reset()
        let update = try table.toggleExpanded(RowID(3))
        #expect(update.layout.heightChanges.map(\.id) == [RowID(3)])
        #expect(update.layout.heightChanges.first?.delta == 16)
        #expect(update.layout.remeasure.isEmpty && !update.layout.remeasureAll)
        #expect(fixture.measurer.requests.isEmpty)  // the content height was cached
        #expect(table.layout.offset(of: anchor.id)! - table.layout.scrollOffset == anchorTop)
        #expect(update.layout.scrollOffset == 616)
    }

    @Test func typingGrowsAnExpandedNoteAndOnlyRemeasuresIt() throws {
        let fixture = try TableFixture()
        try fixture.measureAll()
        let table = fixture.table
        let height = table.layout.height(of: RowID(4))!
        fixture.measurer.reset()
        let update = try table.setText(TableFixture.longText + "\nnew line", for: RowID(4))
        #expect(update.layout.heightChanges.map(\.id) == [RowID(4)])
        #expect(table.layout.height(of: RowID(4)) == height + 16)
        #expect(fixture.measurer.requests.count == 1)
        // In a collapsed note the height stays put.
        let collapsed = try table.setText(TableFixture.fiveLines + "\nsix\nseven", for: RowID(3))
        #expect(collapsed.layout.heightChanges.isEmpty)
        #expect(table.layout.height(of: RowID(3)) == 118)
    }

    @Test func collapsingWhileEditingScrollsTheCaretIntoView() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        #expect(try table.toggleExpanded(RowID(4)).scrollCaretIntoView == nil)
        _ = try table.toggleExpanded(RowID(4))
        _ = try table.beginEditing(RowID(4))
        #expect(try table.toggleExpanded(RowID(4)).scrollCaretIntoView == RowID(4))
        table.endEditing()
        #expect(table.editingRow == nil)
    }

    @Test func editingClosesOpenSwipeActions() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        _ = try table.openSwipe(RowID(30), edge: .trailing)
        #expect(table.isAnyRowOpen)
        let update = try table.beginEditing(RowID(2))
        #expect(update.swipe.offsets.map(\.offset) == [0] && !table.isAnyRowOpen)
    }

    @Test func badTextIsRejectedAndChangesNothing() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        let before = table.snapshot()
        let huge = String(repeating: "x", count: RowLimits.maxTextBytes + 1)
        #expect(throws: TableError.textTooLarge(RowID(2), bytes: huge.utf8.count, limit: RowLimits.maxTextBytes)) { try table.setText(huge, for: RowID(2)) }
        #expect(throws: TableError.unknownRow(RowID(999))) { try table.setText("x", for: RowID(999)) }
        #expect(throws: TableError.wrongKind(RowID(30), expected: .note, found: .toggle)) { try table.setText("x", for: RowID(30)) }
        #expect(throws: TableError.wrongKind(RowID(1), expected: .note, found: .header)) { try table.toggleExpanded(RowID(1)) }
        #expect(table.snapshot() == before && !table.canUndo && !table.hasUnsavedChanges)
    }
}
