import Testing
@testable import TableModel

/// The row holding the anchor shrinks past it (issue 19, W2): a long note collapsed at its
/// Collapse button, the undo of an expand read from inside the note, a re-measure. The anchor
/// clamps into what is left of the row: its end stays where it was on screen when it was on
/// screen (the button stays under the pointer), else its top goes to the viewport's top.
@Suite struct ShrinkingAnchorRowTests {
    /// 100 rows of 10 px in a 100 px viewport; row 20 (top 200) is 5,000 px tall.
    func tallRowLayout() throws -> TableLayout {
        let layout = try makeTinyLayout(makeRows(100))
        _ = try layout.setMeasuredHeight(5_000, for: RowID(20))
        return layout
    }

    /// Where row `id` is drawn: its top and end in viewport px.
    func onScreen(_ id: RowID, in layout: TableLayout) -> (top: Double, end: Double) {
        let top = layout.offset(of: id)! - layout.scrollOffset
        return (top, top + layout.height(of: id)!)
    }

    @Test func aShrinkWithTheRowsEndOnScreenKeepsTheEndInPlace() throws {
        let layout = try tallRowLayout()
        layout.scroll(toOffset: 5_150)
        #expect(onScreen(RowID(20), in: layout).end == 50)
        let changes = try layout.setMeasuredHeight(30, for: RowID(20))
        #expect(onScreen(RowID(20), in: layout) == (20, 50), "the end (the button) stays under the pointer")
        #expect(changes.scrollOffset == 180)
        #expect(layout.anchor == ScrollAnchor(id: RowID(18), offsetInRow: 0), "rows above come into view")
        layout._checkInvariants()
    }

    @Test func aShrinkWithTheRowsEndBelowTheViewportPutsItsTopAtTheTop() throws {
        let layout = try tallRowLayout()
        layout.scroll(toOffset: 1_000)
        _ = try layout.setMeasuredHeight(30, for: RowID(20))
        #expect(layout.anchor == ScrollAnchor(id: RowID(20), offsetInRow: 0))
        #expect(layout.scrollOffset == 200)
        layout._checkInvariants()
    }

    @Test func aShrinkThatLeavesTheAnchorInsideTheRowKeepsItsTop() throws {
        let layout = try tallRowLayout()
        layout.scroll(toOffset: 210)
        _ = try layout.setMeasuredHeight(30, for: RowID(20))
        #expect(layout.anchor == ScrollAnchor(id: RowID(20), offsetInRow: 10))
        #expect(layout.scrollOffset == 210)
    }

    @Test func aShrinkNearTheTopKeepsTheEndAsFarAsTheTopAllows() throws {
        let layout = try makeTinyLayout(makeRows(100))
        _ = try layout.setMeasuredHeight(5_000, for: RowID(1))
        layout.scroll(toOffset: 4_950)
        #expect(onScreen(RowID(1), in: layout).end == 60)
        _ = try layout.setMeasuredHeight(20, for: RowID(1))
        #expect(layout.scrollOffset == 0, "the end would need rows above the first")
        #expect(onScreen(RowID(1), in: layout) == (10, 30))
    }

    @Test func aBatchHeightAndAnEstimateFollowTheSameRule() throws {
        let layout = try tallRowLayout()
        layout.scroll(toOffset: 5_150)
        var batch = BatchUpdate()
        batch.setMeasuredHeight(30, for: RowID(20))
        batch.setMeasuredHeight(40, for: RowID(2))  // above: the rule is on screen positions
        _ = try layout.performBatch(batch)
        #expect(onScreen(RowID(20), in: layout) == (20, 50))

        let estimated = try makeTinyLayout(makeRows(100, kinds: [.toggle]), estimate: .fixed(1_000))
        estimated.scroll(toOffset: 20_990)  // row 20, its end 10 px below the viewport's top
        _ = try estimated.setEstimatePolicy(.fixed(10), for: .toggle)
        #expect(onScreen(RowID(20), in: estimated) == (0, 10))
        estimated._checkInvariants()
    }

    // MARK: the table's intents

    /// A table of short notes, one note of 370 lines (row 1000, collapsed) and more short
    /// notes below, all measured, in a 600 px viewport.
    func longNoteTable() throws -> (TableFixture, RowID) {
        let long = (0..<370).map { "line \($0) of the long note" }.joined(separator: "\n")
        let rows = (0..<60).map { Row(id: RowID(Int64($0)), content: .note(text: "note \($0)", expanded: false)) }
            + [Row(id: RowID(1_000), content: .note(text: long, expanded: false))]
            + (60..<120).map { Row(id: RowID(Int64($0)), content: .note(text: "note \($0)", expanded: false)) }
        let fixture = try TableFixture(file: RowsFile(rows: rows), viewportHeight: 600)
        try fixture.measureAll()
        return (fixture, RowID(1_000))
    }

    @Test func collapsingALongNoteAtItsButtonKeepsTheButtonWhereItWas() throws {
        let (fixture, id) = try longNoteTable()
        let table = fixture.table
        _ = try table.toggleExpanded(id)
        let expanded = try #require(table.layout.height(of: id))
        #expect(expanded > 5_000)
        // Wheeled down until the note's end (its Collapse button) is 450 px down the viewport.
        _ = table.scroll(toOffset: table.layout.offset(of: id)! + expanded - 450)
        _ = try table.toggleExpanded(id)
        #expect(onScreen(id, in: table.layout).end == 450)
        #expect(table.layout.height(of: id)! < 200)
        table._checkInvariants()
    }

    @Test func undoingAnExpandReadFromInsideTheNotePutsItsTopAtTheTop() throws {
        let (fixture, id) = try longNoteTable()
        let table = fixture.table
        _ = try table.toggleExpanded(id)
        _ = table.scroll(toOffset: table.layout.offset(of: id)! + 800)
        _ = table.undo()
        #expect(table.layout.anchor == ScrollAnchor(id: id, offsetInRow: 0))
        #expect(onScreen(id, in: table.layout).top == 0)
        _ = table.redo()
        #expect(table.layout.anchor == ScrollAnchor(id: id, offsetInRow: 0), "a redo grows the row below its top")
        table._checkInvariants()
    }
}
