import Testing
@testable import TableModel

/// Very tall rows (issue 12): a note of a megabyte in 100,000 lines, a single megabyte
/// paragraph and a grid of 10,000 chips expand, change, collapse, undo and redo with exact
/// geometry and no problem reported; a row beyond the per-row limit is cut at it and
/// reported; a row that cannot be measured never keeps the others from being measured.
///
/// The fixture's measurer: 8 px characters, 16 px lines, 400 px rows (46 characters of
/// note text a line), 54 px of note chrome.
@Suite struct TableTallContentTests {
    static let lineCount = 100_000
    /// 100,000 lines of 11 characters: about 1.2 MB.
    static let megabyteOfLines = (0..<lineCount).map { "entry \(String(100_000 + $0).dropFirst())" }.joined(separator: "\n")
    /// About 1 MB of words in one paragraph.
    static let megabyteParagraph = String(repeating: "lorem ipsum dolor sit amet ", count: 1_048_576 / 27)
    static let chrome = 54.0

    func noteTable(_ text: String) throws -> (TableFixture, RowID) {
        let fixture = try TableFixture()
        try fixture.measureAll()
        let id = RowID(3)
        _ = try fixture.table.setText(text, for: id)
        return (fixture, id)
    }

    /// Every row's height sums to the content height, exactly.
    func expectExactTotal(_ table: Table, sourceLocation: SourceLocation = #_sourceLocation) {
        let sum = (0..<table.count).reduce(0.0) { $0 + table.layout.height(of: table.layout.id(at: $1))! }
        #expect(sum == table.layout.contentHeight, sourceLocation: sourceLocation)
    }

    @Test func aMegabyteNoteOfAHundredThousandLinesExpandsEditsCollapsesAndUndoes() throws {
        let (fixture, id) = try noteTable(Self.megabyteOfLines)
        let table = fixture.table
        #expect(Self.megabyteOfLines.utf8.count > 1_000_000)
        let collapsed = 64 + Self.chrome
        #expect(table.layout.height(of: id) == collapsed)

        let expand = try table.toggleExpanded(id)
        let tall = Double(Self.lineCount) * 16 + Self.chrome
        #expect(expand.problems.isEmpty)
        #expect(table.layout.height(of: id) == tall)
        #expect(tall > 1_048_576)  // beyond the old per-row limit
        expectExactTotal(table)

        let edit = try table.setText(Self.megabyteOfLines + "\none more", for: id)
        #expect(edit.problems.isEmpty && table.layout.height(of: id) == tall + 16)
        _ = try table.toggleExpanded(id)
        #expect(table.layout.height(of: id) == collapsed)

        _ = table.undo()  // expand again
        #expect(table.layout.height(of: id) == tall + 16)
        _ = table.undo()  // the edit
        #expect(table.layout.height(of: id) == tall)
        _ = table.undo()  // collapse
        #expect(table.layout.height(of: id) == collapsed)
        _ = table.redo()
        _ = table.redo()
        #expect(table.layout.height(of: id) == tall + 16)
        expectExactTotal(table)
        table._checkInvariants()
    }

    /// Issue 12's report: a 120 KB paste of 60,000 lines at 20 px failed to expand
    /// ("height 1200052.0 is not a finite number…") and the next Ctrl+Z, Ctrl+Shift+Z trapped.
    @Test func theReportedSixtyThousandLineNoteExpandsAndUndoRedoDoNotTrap() throws {
        let text = (0..<60_000).map { _ in "a" }.joined(separator: "\n")
        let table = try Table(file: TableFixture.file, width: 400, measurer: FixedAdvanceMeasurer(advance: 8, lineHeight: 20))
        let id = RowID(3)
        _ = try table.setText(text, for: id)
        let expand = try table.toggleExpanded(id)
        #expect(expand.problems.isEmpty)
        #expect(table.layout.height(of: id) == 1_200_000 + table.metrics.note.chromeHeight(withBar: true))
        _ = table.undo()
        #expect(table.layout.height(of: id) == 64 + table.metrics.note.chromeHeight(withBar: true))
        _ = table.redo()
        #expect(table.layout.height(of: id) == 1_200_000 + table.metrics.note.chromeHeight(withBar: true))
        _ = table.undo()
        _ = table.undo()
        #expect(table.row(id)?.content == TableFixture.file.rows[2].content && !table.canUndo)
        table._checkInvariants()
    }

    @Test func aPartlyVisibleTallRowIsReportedWithItsExactGeometry() throws {
        let (fixture, id) = try noteTable(Self.megabyteOfLines)
        let table = fixture.table
        _ = try table.toggleExpanded(id)
        let top = try #require(table.layout.offset(of: id))
        _ = table.scroll(toOffset: top + 777_777)
        let (rows, update) = table.layOutVisibleRows()
        #expect(update.problems.isEmpty)
        let shown = try #require(rows.first)
        #expect(shown.id == id && shown.y == top && shown.height == Double(Self.lineCount) * 16 + Self.chrome)
        #expect(table.layout.anchor == ScrollAnchor(id: id, offsetInRow: 777_777))
        #expect(rows.count == 1)  // the viewport lies inside the one row
    }

    @Test func aSingleMegabyteParagraphExpandsEditsCollapsesAndUndoes() throws {
        let (fixture, id) = try noteTable(Self.megabyteParagraph)
        let table = fixture.table
        let expand = try table.toggleExpanded(id)
        let content = try table.noteLayout(for: id).contentHeight
        #expect(expand.problems.isEmpty && content > 300_000)
        #expect(table.layout.height(of: id) == content + Self.chrome)
        _ = try table.setText(Self.megabyteParagraph + String(repeating: "x", count: 46), for: id)
        #expect(table.layout.height(of: id) == content + 16 + Self.chrome)
        _ = table.undo()
        #expect(table.layout.height(of: id) == content + Self.chrome)
        _ = table.redo()
        _ = try table.toggleExpanded(id)
        #expect(table.layout.height(of: id) == 64 + Self.chrome)
        _ = table.undo()
        #expect(table.layout.height(of: id) == content + 16 + Self.chrome)
        expectExactTotal(table)
    }

    @Test func aGridOfTenThousandChipsLaysOutAndSurvivesDeleteUndoAndResize() throws {
        let chips = (0..<RowLimits.maxChips).map { "chip \($0 % 97)" }
        var file = TableFixture.file
        file.rows[8] = Row(id: RowID(80), content: .grid(chips: chips))
        let fixture = try TableFixture(file: file)
        let table = fixture.table
        let id = RowID(80)
        let measured = try table.measure([id])
        let flow = try table.gridLayout(for: id)
        #expect(measured.problems.isEmpty && flow.frames.count == chips.count)
        let height = try #require(table.layout.height(of: id))
        #expect(height == flow.contentHeight + 24 && height > 10_000)
        _ = try table.delete(id)
        _ = table.undo()
        _ = try table.measure([id])
        #expect(table.layout.height(of: id) == height)
        _ = try table.setWidth(300)
        _ = try table.measure([id])
        let narrower = try table.gridLayout(for: id)
        #expect(table.layout.height(of: id) == narrower.contentHeight + 24 && narrower.contentHeight > flow.contentHeight)
        _ = table.redo()  // the delete again
        #expect(table.row(id) == nil)
        expectExactTotal(table)
        table._checkInvariants()
    }

    @Test func aRowBeyondThePerRowLimitIsCutThereAndReported() throws {
        let table = try Table(file: TableFixture.file, width: 400, viewportHeight: 300, measurer: PoisonedMeasurer())
        let id = RowID(4)  // expanded
        let update = try table.setText("a tower " + PoisonedMeasurer.towerMark, for: id)
        #expect(table.layout.height(of: id) == TableLayout.maximumRowHeight)
        let problem = try #require(update.problems.first)
        #expect(problem.row == id && update.problems.count == 1)
        #expect(problem.kind == .cutOff(limit: 67_108_863))
        _ = table.undo()
        #expect(table.layout.height(of: id) == (try table.noteLayout(for: id)).rowHeight)
        table._checkInvariants()
    }

    @Test func aRowThatCannotBeMeasuredNeverBlocksTheOthers() throws {
        var file = TableFixture.file
        file.rows[2] = Row(id: RowID(3), content: .note(text: "broken " + PoisonedMeasurer.unmeasurableMark, expanded: true))
        let table = try Table(file: file, width: 400, viewportHeight: 2_000, measurer: PoisonedMeasurer())
        let (rows, update) = table.layOutVisibleRows()
        #expect(update.problems == [RowProblem(row: RowID(3), kind: .notMeasured)])
        for row in rows where row.id != RowID(3) && row.kind != .rich { #expect(row.isMeasured, "row \(row.id)") }
        #expect(!table.layout.isMeasured(RowID(3)))
        #expect(table.layout.height(of: RowID(3)) == table.layout.estimatedHeight(for: .note))
        // Reported once: the next pass leaves the row alone.
        #expect(table.layOutVisibleRows().update.problems.isEmpty)
        // Fixing the text measures it again.
        let fixed = try table.setText("fine now", for: RowID(3))
        #expect(fixed.problems.isEmpty && table.layout.isMeasured(RowID(3)))
        table._checkInvariants()
    }

    @Test func heightsAtTheLimitKeepTotalsExact() throws {
        #expect(HeightUnits.units(TableLayout.maximumRowHeight) <= Int64(UInt32.max))
        let layout = try TableLayout(rows: makeRows(1_000), viewportHeight: 500)
        for position in 0..<1_000 { _ = try layout.setMeasuredHeight(TableLayout.maximumRowHeight, for: layout.id(at: position)) }
        #expect(layout.contentHeight == 1_000 * TableLayout.maximumRowHeight)
        layout.scroll(toOffset: .infinity)
        #expect(layout.scrollOffset == 1_000 * TableLayout.maximumRowHeight - 500)
        #expect(throws: BatchUpdateError.self) { try layout.setMeasuredHeight(TableLayout.maximumRowHeight + 1, for: RowID(0)) }
    }
}
