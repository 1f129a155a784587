import Testing

@testable import TableModel

/// Web rows (H1, H4): the view measures the document, the model takes the height like any
/// measured row, at the width it was measured at only.
@Suite struct TableWebTests {
    static let html = "<p>Hello, <b>web</b></p>"

    /// A web row 1 between 40 toggle rows (45 px each), viewport 200 px.
    func makeFixture(webAt position: Int = 0) throws -> TableFixture {
        var rows = (2...41).map { Row(id: RowID(Int64($0)), content: .toggle(title: "t", open: false)) }
        rows.insert(Row(id: RowID(1), content: .web(html: Self.html)), at: position)
        return try TableFixture(file: RowsFile(rows: rows), viewportHeight: 200)
    }

    @Test func aWebRowWaitsAtItsKindsEstimateUntilTheViewMeasuresIt() throws {
        let fixture = try makeFixture()
        let table = fixture.table
        let (visible, _) = table.layOutVisibleRows()
        let web = try #require(visible.first { $0.id == RowID(1) })
        #expect(web.heightState == .estimated && web.height == table.layout.estimatedHeight(for: .web))
        #expect(try table.webFit(of: RowID(1)) == nil)

        let width = table.webContentWidth
        #expect(width == 376)  // 400 less 12 px on each side
        let update = try table.webContentMeasured(RowID(1), documentHeight: 130, contentWidth: width)
        #expect(update.layout.heightChanges.map(\.id) == [RowID(1)])
        #expect(update.rebind.isEmpty, "a fit must not reload the row's web view")
        #expect(table.layout.height(of: RowID(1)) == 142)  // 130 and 6 px above and below
        #expect(table.layout.isMeasured(RowID(1)))
        // The same fit again changes nothing.
        #expect(try table.webContentMeasured(RowID(1), documentHeight: 130, contentWidth: width).layout.heightChanges.isEmpty)
    }

    @Test func aFitTakenAtAnotherWidthIsNotUsedAndAResizeAsksForANewOne() throws {
        let fixture = try makeFixture()
        let table = fixture.table
        _ = try table.webContentMeasured(RowID(1), documentHeight: 90, contentWidth: 500)
        #expect(!table.layout.isMeasured(RowID(1)))
        _ = try table.webContentMeasured(RowID(1), documentHeight: 90, contentWidth: table.webContentWidth)
        #expect(table.layout.height(of: RowID(1)) == 102)

        _ = try table.setWidth(300)
        _ = table.layOutVisibleRows()
        // The fit was for the old width: the row is not measured again until the view re-fits.
        #expect(!table.layout.isMeasured(RowID(1)))
        _ = try table.webContentMeasured(RowID(1), documentHeight: 150, contentWidth: table.webContentWidth)
        #expect(table.layout.height(of: RowID(1)) == 162)
        #expect(try table.webFit(of: RowID(1)) == WebFit(contentWidth: 276, documentHeight: 150))
    }

    @Test func aTextScaleChangeKeepsTheOldHeightUntilTheViewReFitsAtTheNewScale() throws {
        let fixture = try makeFixture(webAt: 3)
        let table = fixture.table
        _ = table.layOutVisibleRows()
        _ = try table.webContentMeasured(RowID(1), documentHeight: 90, contentWidth: table.webContentWidth)
        #expect(table.layout.height(of: RowID(1)) == 102)
        let anchor = try #require(table.layOutVisibleRows().rows.first { $0.id != RowID(1) })
        let screenY = table.layout.offset(of: anchor.id)! - table.layout.scrollOffset

        var larger = table.metrics
        larger.web.textScale = 1.25
        _ = table.setMetrics(larger, actionFont: table.swipeActionStyle.font)
        _ = table.layOutVisibleRows()
        // The fit was for the old scale: the row keeps its height, unmeasured, until the view re-fits.
        #expect(!table.layout.isMeasured(RowID(1)) && table.layout.height(of: RowID(1)) == 102)
        _ = try table.webContentMeasured(RowID(1), documentHeight: 110, contentWidth: table.webContentWidth)
        #expect(!table.layout.isMeasured(RowID(1)), "a fit at the old scale is not used")
        _ = try table.webContentMeasured(RowID(1), documentHeight: 110, contentWidth: table.webContentWidth, textScale: 1.25)
        #expect(table.layout.height(of: RowID(1)) == 122)
        #expect(table.layout.offset(of: anchor.id)! - table.layout.scrollOffset == screenY)
        for scale in [0, -1, Double.nan, .infinity] {
            #expect(throws: TableError.self) {
                try table.webContentMeasured(RowID(1), documentHeight: 10, contentWidth: table.webContentWidth, textScale: scale)
            }
        }
        #expect(try table.webFit(of: RowID(1)) == WebFit(contentWidth: table.webContentWidth, documentHeight: 110, textScale: 1.25))
        table._checkInvariants()
    }

    @Test func aWebRowFittingAboveTheViewDoesNotMoveWhatIsShown() throws {
        let fixture = try makeFixture()
        let table = fixture.table
        _ = table.scroll(toOffset: 600)
        _ = table.layOutVisibleRows()
        let anchor = try #require(table.layout.anchor)
        let screenY = table.layout.offset(of: anchor.id)! - table.layout.scrollOffset
        _ = try table.webContentMeasured(RowID(1), documentHeight: 900, contentWidth: table.webContentWidth)
        #expect(table.layout.offset(of: anchor.id)! - table.layout.scrollOffset == screenY)
        _ = try table.webContentMeasured(RowID(1), documentHeight: 20, contentWidth: table.webContentWidth)
        #expect(table.layout.offset(of: anchor.id)! - table.layout.scrollOffset == screenY)
        table._checkInvariants()
    }

    @Test func badFitsAreRefusedAndChangeNothing() throws {
        let fixture = try makeFixture()
        let table = fixture.table
        let width = table.webContentWidth
        for (height, contentWidth) in [(Double.nan, width), (-1, width), (.infinity, width), (10, 0), (10, .nan), (10, -5)] {
            #expect(throws: TableError.self) { try table.webContentMeasured(RowID(1), documentHeight: height, contentWidth: contentWidth) }
        }
        #expect(try table.webFit(of: RowID(1)) == nil)
        #expect(throws: TableError.wrongKind(RowID(2), expected: .web, found: .toggle)) {
            try table.webContentMeasured(RowID(2), documentHeight: 10, contentWidth: width)
        }
        #expect(throws: TableError.unknownRow(RowID(999))) { try table.webFit(of: RowID(999)) }
    }

    @Test func aDeletedWebRowForgetsItsFitAndUndoMeasuresItAgain() throws {
        let fixture = try makeFixture(webAt: 1)
        let table = fixture.table
        _ = try table.webContentMeasured(RowID(1), documentHeight: 70, contentWidth: table.webContentWidth)
        _ = try table.delete(RowID(1))
        table._checkInvariants()
        _ = table.undo()
        #expect(table.row(RowID(1))?.content == .web(html: Self.html))
        table._checkInvariants()
    }

    @Test func theHTMLSurvivesTheJSONFileExactly() throws {
        let html = "<!doctype html><p dir=\"rtl\">שלום \"quoted\" \\ back</p>\n<svg/>"
        let file = RowsFile(rows: [Row(id: RowID(7), content: .web(html: html), flagged: true, pinned: true)])
        let decoded = try RowsFile.decode(file.encoded(), file: "web.json")
        #expect(decoded == file)
        let text = #"{"schemaVersion":1,"rows":[{"id":1,"kind":"web"}]}"#
        #expect(throws: RowsFileError.self) { try RowsFile.decode(Array(text.utf8), file: "rows.json") }
        let wrong = #"{"schemaVersion":1,"rows":[{"id":1,"kind":"web","html":5}]}"#
        #expect(throws: RowsFileError.self) { try RowsFile.decode(Array(wrong.utf8), file: "rows.json") }
    }
}
