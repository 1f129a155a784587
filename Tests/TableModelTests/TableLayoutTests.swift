import Testing
@testable import TableModel

@Suite struct TableLayoutTests {
    @Test func emptyTable() throws {
        let layout = try makeTinyLayout([])
        #expect(layout.count == 0)
        #expect(layout.contentHeight == 0)
        #expect(layout.anchor == nil)
        #expect(layout.scroll(toOffset: 500) == 0)
        #expect(layout.visibleRows(overscan: 100).isEmpty)
        #expect(layout.stickyHeader() == nil)
        #expect(layout.row(atOffset: 10) == nil)
        #expect(layout.index(of: RowID(1)) == nil)
        #expect(layout.offset(ofRow: 0) == 0)
        #expect(throws: BatchUpdateError.unknownRow(RowID(1), operation: "setMeasuredHeight")) {
            try layout.setMeasuredHeight(10, for: RowID(1))
        }
        layout._checkInvariants()
    }

    @Test func oneRow() throws {
        let layout = try makeTinyLayout(makeRows(1))
        #expect(layout.contentHeight == 10)
        #expect(layout.heightState(of: RowID(0)) == .estimated)
        let changes = try layout.setMeasuredHeight(37.5, for: RowID(0))
        #expect(changes.heightChanges == [.init(id: RowID(0), oldHeight: 10, newHeight: 37.5)])
        #expect(changes.contentHeight == 37.5)
        #expect(layout.isMeasured(RowID(0)))
        #expect(layout.visibleRows().map(\.id) == [RowID(0)])
        #expect(layout.row(atOffset: 1_000) == ScrollAnchor(id: RowID(0), offsetInRow: 37.5))
        layout._checkInvariants()
    }

    @Test func lastRowAndOffsets() throws {
        let layout = try makeTinyLayout(makeRows(50))
        #expect(layout.id(at: 49) == RowID(49))
        #expect(layout.offset(ofRow: 49) == 490)
        #expect(layout.offset(ofRow: 50) == layout.contentHeight)
        _ = try layout.setMeasuredHeight(100, for: RowID(49))
        #expect(layout.contentHeight == 590)
        layout.scroll(toOffset: .nan)
        #expect(layout.scrollOffset == 0, "NaN scrolls to the top")
        layout.scroll(toOffset: .infinity)
        #expect(layout.scrollOffset == 490, "infinity scrolls to the end")
        layout.scroll(toOffset: -1e12)
        layout.scroll(toOffset: 1e12)
        #expect(layout.scrollOffset == 490)
        #expect(layout.anchor == ScrollAnchor(id: RowID(49), offsetInRow: 0))
        layout._checkInvariants()
    }

    @Test func zeroHeightRowsAreNeverHit() throws {
        let layout = try makeTinyLayout(makeRows(6))
        for id in [0, 1, 3] { _ = try layout.setMeasuredHeight(0, for: RowID(Int64(id))) }
        #expect(layout.row(atOffset: 0)?.id == RowID(2))
        #expect(layout.row(atOffset: 10)?.id == RowID(4))
        #expect(layout.anchor?.id == RowID(2))
        #expect(layout.visibleRows().map(\.id) == (2...5).map { RowID(Int64($0)) },
                "zero-height rows between visible ones are listed")
        layout._checkInvariants()
    }

    @Test func hugeHeightsStayExact() throws {
        let layout = try makeTinyLayout(makeRows(40), viewportHeight: 1_000)
        for id in 0..<40 { _ = try layout.setMeasuredHeight(TableLayout.maximumRowHeight, for: RowID(Int64(id))) }
        #expect(layout.contentHeight == 40 * TableLayout.maximumRowHeight)
        layout.scroll(toOffset: 20.5 * TableLayout.maximumRowHeight)
        #expect(layout.anchor == ScrollAnchor(id: RowID(20), offsetInRow: TableLayout.maximumRowHeight / 2))
        layout._checkInvariants()
    }

    @Test(arguments: [Double.nan, -1, .infinity, -.infinity, TableLayout.maximumRowHeight + 1])
    func invalidHeightsAreRejected(height: Double) throws {
        let layout = try makeTinyLayout(makeRows(10))
        layout.scroll(toOffset: 25)
        let before = LayoutSnapshot(layout)
        #expect(throws: BatchUpdateError.self) { try layout.setMeasuredHeight(height, for: RowID(3)) }
        #expect(LayoutSnapshot(layout) == before)
    }

    @Test func invalidEstimateInInitThrows() {
        #expect(throws: BatchUpdateError.invalidEstimate(-3, .header)) {
            try makeTinyLayout(makeRows(2), estimate: .fixed(-3))
        }
    }

    @Test func duplicateIDsInInitThrow() {
        #expect(throws: BatchUpdateError.duplicateRow(RowID(3), operation: "init")) {
            try makeTinyLayout(makeRows(5) + [RowSpec(id: RowID(3), kind: .rich)])
        }
    }

    @Test func initWithMeasuredHeights() throws {
        let rows = [RowSpec(id: RowID(1), kind: .note, measuredHeight: 30), RowSpec(id: RowID(2), kind: .note)]
        let layout = try makeTinyLayout(rows, estimate: .standard)
        #expect(layout.isMeasured(RowID(1)))
        #expect(layout.estimatedHeight(for: .note) == 30, "learned from the one measured note")
        #expect(layout.contentHeight == 60)
    }

    @Test func learnedEstimateIsTheMeanPerKind() throws {
        let layout = try makeTinyLayout(makeRows(10, kinds: [.note, .toggle]), estimate: .learned(initial: 20))
        #expect(layout.estimatedHeight(for: .note) == 20)
        _ = try layout.setMeasuredHeight(30, for: RowID(0))
        _ = try layout.setMeasuredHeight(50, for: RowID(2))
        #expect(layout.estimatedHeight(for: .note) == 40)
        #expect(layout.estimatedHeight(for: .toggle) == 20, "other kinds learn separately")
        let expectedTotal: Double = 30 + 50 + 3 * 40 + 5 * 20
        #expect(layout.contentHeight == expectedTotal)
        let changes = try layout.setEstimatePolicy(.fixed(12), for: .note)
        #expect(changes.estimatesChanged)
        #expect(layout.estimatedHeight(for: .note) == 12)
        let fixedTotal: Double = 30 + 50 + 3 * 12 + 5 * 20
        #expect(layout.contentHeight == fixedTotal)
        #expect(throws: BatchUpdateError.invalidEstimate(-.infinity, .note)) {
            try layout.setEstimatePolicy(.fixed(-.infinity), for: .note)
        }
    }

    @Test func heightsAboveTheAnchorDoNotMoveIt() throws {
        let layout = try makeTinyLayout(makeRows(100))
        layout.scroll(toOffset: 505)
        let anchor = try #require(layout.anchor)
        #expect(anchor == ScrollAnchor(id: RowID(50), offsetInRow: 5))
        let changes = try layout.setMeasuredHeight(40, for: RowID(10))
        #expect(changes.scrollOffset == 535)
        #expect(layout.anchor == anchor, "the anchor row keeps its screen position")
        _ = try layout.setMeasuredHeight(4, for: RowID(60))
        #expect(layout.scrollOffset == 535, "rows below the anchor do not scroll")
        layout._checkInvariants()
    }

    @Test func learnedEstimateChangesAreCorrected() throws {
        let layout = try makeTinyLayout(makeRows(100, kinds: [.note]), estimate: .learned(initial: 10))
        layout.scroll(toOffset: 500)
        let screenY = layout.offset(of: RowID(50))! - layout.scrollOffset
        let changes = try layout.setMeasuredHeight(100, for: RowID(90))
        #expect(changes.estimatesChanged)
        #expect(layout.estimatedHeight(for: .note) == 100)
        #expect(layout.offset(of: RowID(50))! - layout.scrollOffset == screenY)
        #expect(layout.anchor?.id == RowID(50))
    }

    @Test func atTheTopGrowthPushesContentDown() throws {
        let layout = try makeTinyLayout(makeRows(20))
        _ = try layout.setMeasuredHeight(80, for: RowID(0))
        #expect(layout.scrollOffset == 0)
        var batch = BatchUpdate()
        batch.insert(RowSpec(id: RowID(100), kind: .note), at: 0)
        let changes = try layout.performBatch(batch)
        #expect(changes.scrollOffset == 0, "inserting at the top while at the top shows the new row")
        #expect(layout.anchor?.id == RowID(100))
    }

    @Test func atTheBottomTheOffsetIsClamped() throws {
        let layout = try makeTinyLayout(makeRows(20))
        layout.scroll(toOffset: 1_000)
        #expect(layout.scrollOffset == 100)
        _ = try layout.setMeasuredHeight(0, for: RowID(19))
        #expect(layout.scrollOffset == 90, "content shrank under the bottom: clamp")
        #expect(layout.anchor == ScrollAnchor(id: RowID(9), offsetInRow: 0))
        layout._checkInvariants()
    }

    @Test func viewportChangesKeepTheAnchor() throws {
        let layout = try makeTinyLayout(makeRows(20))
        layout.scroll(toOffset: 55)
        #expect(layout.setViewportHeight(50) == 55)
        #expect(layout.setViewportHeight(180) == 20, "a taller viewport clamps at the end")
        #expect(layout.setViewportHeight(.nan) == 20)
        #expect(layout.viewportHeight == 0)
        layout._checkInvariants()
    }

    @Test func widthChangeMakesEveryMeasurementStale() throws {
        let layout = try makeTinyLayout(makeRows(10), estimate: .learned(initial: 10))
        for id in 0..<5 { _ = try layout.setMeasuredHeight(Double(20 + id), for: RowID(Int64(id))) }
        layout.scroll(toOffset: 60)
        let before = LayoutSnapshot(layout)
        let changes = layout.invalidateAllMeasurements()
        #expect(changes.remeasureAll)
        let after = LayoutSnapshot(layout)
        #expect(after.rows.map(\.height) == before.rows.map(\.height), "heights of record are kept")
        #expect(after.anchor == before.anchor && after.scrollOffset == before.scrollOffset)
        #expect(after.rows.prefix(5).allSatisfy { $0.state == .stale })
        #expect(after.rows.suffix(5).allSatisfy { $0.state == .estimated })
        _ = try layout.setMeasuredHeight(30, for: RowID(0))
        #expect(layout.heightState(of: RowID(0)) == .measured)
        #expect(layout.anchor == before.anchor, "re-measuring above the anchor is corrected")
        layout._checkInvariants()
    }

    @Test func invalidatingOneRowKeepsItsHeight() throws {
        let layout = try makeTinyLayout(makeRows(5))
        _ = try layout.setMeasuredHeight(33, for: RowID(2))
        let changes = try layout.invalidateMeasurement(of: RowID(2))
        #expect(changes.remeasure == [RowID(2)])
        #expect(layout.heightState(of: RowID(2)) == .stale)
        #expect(layout.height(of: RowID(2)) == 33)
        #expect(throws: BatchUpdateError.unknownRow(RowID(9), operation: "invalidateMeasurement")) {
            try layout.invalidateMeasurement(of: RowID(9))
        }
    }

    @Test func visibleRowsCoverTheViewportAndOverscan() throws {
        let layout = try makeTinyLayout(makeRows(100))
        _ = try layout.setMeasuredHeight(25, for: RowID(31))
        layout.scroll(toOffset: 305)
        let rows = layout.visibleRows(overscan: 20)
        #expect(rows.first?.id == RowID(28))
        #expect(rows.last.map { $0.y + $0.height }! >= 305 + 100 + 20)
        #expect(rows.last!.y < 305 + 100 + 20)
        for (upper, lower) in zip(rows, rows.dropFirst()) { #expect(upper.y + upper.height == lower.y) }
        #expect(rows.first { $0.id == RowID(31) }?.isMeasured == true)
        #expect(rows.first { $0.id == RowID(32) }?.heightState == .estimated)
        #expect(rows.map(\.index) == Array(28..<28 + rows.count))
    }

    @Test func stickyHeaderIsPushedUpByTheNext() throws {
        // Sections of one header (20 px) and four rows (10 px): headers at 0, 60, 120, ...
        let rows = (0..<25).map { RowSpec(id: RowID(Int64($0)), kind: $0 % 5 == 0 ? .header : .note) }
        let layout = try makeTinyLayout(rows)
        for position in stride(from: 0, to: 25, by: 5) { _ = try layout.setMeasuredHeight(20, for: RowID(Int64(position))) }
        layout.scroll(toOffset: 15)
        #expect(layout.stickyHeader() == StickyHeader(id: RowID(0), index: 0, y: 15, height: 20))
        layout.scroll(toOffset: 45)
        #expect(layout.stickyHeader() == StickyHeader(id: RowID(0), index: 0, y: 40, height: 20),
                "the next header at 60 pushes it up")
        layout.scroll(toOffset: 60)
        #expect(layout.stickyHeader() == StickyHeader(id: RowID(5), index: 5, y: 60, height: 20))
        layout.setViewportHeight(30)
        layout.scroll(toOffset: 250)
        #expect(layout.stickyHeader() == StickyHeader(id: RowID(20), index: 20, y: 250, height: 20),
                "the last section has no next header")

        let headless = try makeTinyLayout(makeRows(10))
        #expect(headless.stickyHeader() == nil)
    }
}
