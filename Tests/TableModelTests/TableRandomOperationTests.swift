import Testing
@testable import TableModel

/// Random sequences of every public ``Table`` intent, valid, invalid and extreme, checked
/// after each step against ``ReferenceTable``: the same rows in the same order, the same
/// undo and redo availability, exact heights for measured notes and toggles, exact totals,
/// and the table's own invariants. A rejected intent must throw and change nothing.
///
/// Seeded: `TABLE_SEED=<seed> swift test --filter TableRandomOperationTests` replays a
/// failure; every expectation names the seed and the step.
@Suite struct TableRandomOperationTests {
    static let runs = 40
    static let stepsPerRun = 2_500
    static let initialRows = 32

    @Test(arguments: 0..<runs)
    func agreesWithTheReference(run: Int) throws {
        let seed = TestSeed.value(fallback: 0x7AB1_E000 + UInt64(run))
        let soak = try RandomTableSoak(seed: seed, rowCount: Self.initialRows)
        for step in 0..<Self.stepsPerRun {
            try soak.step(context: "seed \(seed) step \(step)")
        }
    }

    @Test func theSuiteRunsAtLeastAHundredThousandSteps() {
        #expect(Self.runs * Self.stepsPerRun >= 100_000)
    }
}

/// One table, its reference and a random source; ``step(context:)`` performs one random
/// intent on both and compares them. A class, so the intents' closures can share it.
final class RandomTableSoak {
    /// Text far beyond ``RowLimits/maxTextBytes``, made once.
    static let oversizedText = String(repeating: "x", count: RowLimits.maxTextBytes + 1)
    /// A valid but large note: 500 lines, about 8 KB.
    static let largeText = (0..<500).map { "line \($0) of a pasted log" }.joined(separator: "\n")
    static let extremeLengths: [Double] = [.nan, .infinity, -.infinity, -1, -0.0, 1e300, -1e300, .ulpOfOne, RowLimits.maxViewLength + 1, .greatestFiniteMagnitude]

    let seed: UInt64
    var random: SplitMix64
    let clock = ManualClock()
    let measurer = PoisonedMeasurer()
    let table: Table
    var reference: ReferenceTable
    var nextUnknownID: Int64 = 1_000_000
    var contentHeights: [String: Double] = [:]
    var measuredWidth = 0.0
    var steps = 0
    /// The table's own full invariant walk re-measures every cached note; it runs every
    /// this many steps (the engine's walk and the reference comparison run every step).
    static let fullInvariantInterval = 50

    init(seed: UInt64, rowCount: Int) throws {
        self.seed = seed
        random = SplitMix64(seed: seed)
        let file = RandomTableSoak.makeFile(rowCount: rowCount, using: &random)
        table = try Table(file: file, width: 400, viewportHeight: 300, measurer: measurer, clock: clock.reading)
        reference = ReferenceTable(file)
    }

    static func makeFile(rowCount: Int, using random: inout SplitMix64) -> RowsFile {
        var rows: [Row] = []
        for id in 0..<Int64(rowCount) {
            let content: RowContent
            switch Int.random(in: 0..<10, using: &random) {
            case 0: content = .header(title: "Section \(id)")
            case 1..<5: content = .note(text: words(Int.random(in: 0...40, using: &random), using: &random), expanded: Bool.random(using: &random))
            case 5..<8: content = .toggle(title: "Toggle \(id)", open: Bool.random(using: &random))
            case 8: content = .grid(chips: (0..<Int.random(in: 0...12, using: &random)).map { "chip \($0 * 7 % 5)" })
            default: content = .rich(source: "rich/\(id).markup")
            }
            rows.append(Row(id: RowID(id), content: content, flagged: Bool.random(using: &random)))
        }
        return RowsFile(rows: rows)
    }

    static func words(_ count: Int, using random: inout SplitMix64) -> String {
        let vocabulary = ["lorem", "ipsum", "dolor", "sit", "amet", "Привет", "नमस्ते", "🙂", "x", "supercalifragilistic"]
        return (0..<count).map { _ in vocabulary[Int.random(in: 0..<vocabulary.count, using: &random)] }.joined(separator: " ")
    }

    // MARK: choosing inputs

    /// A row id: usually one of the table's, sometimes one that does not exist.
    func anyID() -> RowID {
        let order = reference.state.order
        if order.isEmpty || Int.random(in: 0..<12, using: &random) == 0 {
            nextUnknownID += 1
            return Bool.random(using: &random) ? RowID(nextUnknownID) : RowID(Int64.random(in: Int64.min...Int64.max, using: &random))
        }
        return order[Int.random(in: 0..<order.count, using: &random)]
    }

    /// A row id of `kind` when there is one, else any id.
    func id(preferring kind: RowKind) -> RowID {
        let matching = reference.state.order.filter { reference.row($0)?.kind == kind }
        guard !matching.isEmpty, Int.random(in: 0..<5, using: &random) != 0 else { return anyID() }
        return matching[Int.random(in: 0..<matching.count, using: &random)]
    }

    func anyText(replacing current: String?) -> String {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<35: return Self.words(Int.random(in: 0...12, using: &random), using: &random)
        case 35..<55: return (0..<Int.random(in: 1...30, using: &random)).map { "line \($0)" }.joined(separator: "\n")
        case 55..<70: return Self.words(Int.random(in: 30...90, using: &random), using: &random)
        case 70..<75: return Self.words(3, using: &random) + PoisonedMeasurer.unmeasurableMark
        case 75..<80: return PoisonedMeasurer.towerMark + Self.words(3, using: &random)
        case 80..<90: return (current ?? "") + Self.words(1, using: &random)
        case 90..<94: return current ?? ""
        case 94..<96: return ""
        case 96..<98: return Self.largeText
        default: return Self.oversizedText
        }
    }

    func anyLength(in range: ClosedRange<Double>) -> Double {
        Int.random(in: 0..<8, using: &random) == 0
            ? Self.extremeLengths[Int.random(in: 0..<Self.extremeLengths.count, using: &random)]
            : Double(Int.random(in: Int(range.lowerBound)...Int(range.upperBound), using: &random))
    }

    func anyOffset() -> Double {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return Self.extremeLengths[Int.random(in: 0..<Self.extremeLengths.count, using: &random)]
        default: return Double.random(in: -100...(table.layout.contentHeight + 100), using: &random)
        }
    }

    func anyIndex() -> Int {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return [Int.min, Int.max, -1, 2, 3][Int.random(in: 0..<5, using: &random)]
        default: return Int.random(in: 0...1, using: &random)
        }
    }

    // MARK: one step

    func step(context: String) throws {
        clock.advance(by: [0, 0.1, 0.5, 0.9, 1.0, 1.5, 40][Int.random(in: 0..<7, using: &random)])
        let now = clock.now
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<18:
            let id = id(preferring: .note)
            let current: String? = if case .note(let text, _)? = reference.row(id)?.content { text } else { nil }
            let text = anyText(replacing: current)
            try attempt(context, expectedError: noteError(id) ?? tooLarge(id, text)) {
                _ = try table.setText(text, for: id)
            } apply: {
                guard text != current else { return }
                reference.change(id, textRow: id, at: now) { $0.content = .note(text: text, expanded: $0.content.isExpandedNote) }
            }
        case 18..<26:
            let id = id(preferring: .note)
            let before = ScrollBefore(table.layout)
            try attempt(context, expectedError: noteError(id) ?? nothingToExpand(id)) {
                _ = try table.toggleExpanded(id)
            } apply: {
                reference.change(id, at: now) { row in
                    if case .note(let text, let expanded) = row.content { row.content = .note(text: text, expanded: !expanded) }
                }
            }
            try verifyAnchorRule(since: before, context)
        case 26..<32:
            let id = id(preferring: .toggle)
            let before = ScrollBefore(table.layout)
            try attempt(context, expectedError: kindError(id, .toggle)) {
                _ = try table.toggleOpen(id)
            } apply: {
                reference.change(id, at: now) { row in
                    if case .toggle(let title, let open) = row.content { row.content = .toggle(title: title, open: !open) }
                }
            }
            try verifyAnchorRule(since: before, context)
        case 32..<42:
            try swipeAction(context, now: now)
        case 42..<52:
            _ = table.undo()
            reference.undo()
        case 52..<58:
            _ = table.redo()
            reference.redo()
        case 58..<62:
            let id = anyID()
            try attempt(context, expectedError: noteError(id)) {
                _ = try table.beginEditing(id)
            } apply: {
                reference.breakBurst()
            }
        case 62..<64:
            if Bool.random(using: &random) { table.endEditing() } else { _ = table.escape() }
            reference.breakBurst()
        case 64..<69:
            try swipeGesture(context)
        case 69..<73:
            try layoutBatch(context)
        case 73..<76:
            let width = anyLength(in: 120...900)
            try attempt(context, expectedError: RowLimits.isValidViewLength(width) ? nil : .invalidLength(width, name: "width")) {
                _ = try table.setWidth(width)
            } apply: {}
        case 76..<78:
            let height = anyLength(in: 0...900)
            try attempt(context, expectedError: RowLimits.isValidViewLength(height) ? nil : .invalidLength(height, name: "viewport height")) {
                _ = try table.setViewportHeight(height)
            } apply: {}
        case 78..<84:
            _ = table.scroll(toOffset: anyOffset())
        case 84..<92:
            try layOut(context)
        case 92..<96:
            try richIntent(context)
        case 96..<98:
            let ids = (0..<Int.random(in: 0...4, using: &random)).map { _ in anyID() }
            let unknown = ids.first { reference.row($0) == nil }
            try attempt(context, expectedError: unknown.map { .unknownRow($0) }) {
                _ = try table.measure(ids)
            } apply: {}
        default:
            _ = table.measureSample(of: [Int.min, -1, 0, 1, 5, Int.max][Int.random(in: 0..<6, using: &random)])
        }
        try check(context)
    }

    /// Runs `body`; if `expectedError` is set it must throw exactly that and change nothing,
    /// else it must succeed, and `apply` updates the reference.
    func attempt(
        _ context: String, expectedError: TableError?, _ body: () throws -> Void, apply: () -> Void
    ) throws {
        // Only a rejection needs the before state (an unexpected one fails on its error alone).
        let before = expectedError == nil ? nil : TableFingerprint(table)
        var thrown: (any Error)?
        do { try body() } catch { thrown = error }
        guard let thrown else {
            try verify(expectedError == nil, "\(context): expected \(String(describing: expectedError))")
            apply()
            return
        }
        // Compared as text: an error carrying NaN is not equal to itself.
        try verify(String(describing: thrown as? TableError) == String(describing: expectedError), "\(context): threw \(thrown)")
        try verify(before == nil || TableFingerprint(table) == before, "\(context): a rejected intent changed the table")
    }

    // MARK: expected errors

    func kindError(_ id: RowID, _ kind: RowKind) -> TableError? {
        guard let row = reference.row(id) else { return .unknownRow(id) }
        return row.kind == kind ? nil : .wrongKind(id, expected: kind, found: row.kind)
    }

    func noteError(_ id: RowID) -> TableError? { kindError(id, .note) }

    func tooLarge(_ id: RowID, _ text: String) -> TableError? {
        text.utf8.count > RowLimits.maxTextBytes ? .textTooLarge(id, bytes: text.utf8.count, limit: RowLimits.maxTextBytes) : nil
    }

    func nothingToExpand(_ id: RowID) -> TableError? {
        guard case .note(let text, _)? = reference.row(id)?.content else { return nil }
        return NoteSizing.canExpand(contentHeight: contentHeight(of: text)) ? nil : .nothingToExpand(id)
    }

    /// The measured height of a note's text at the table's width, cached by text (the
    /// measurer is pure), so checking every note after every step stays cheap.
    func contentHeight(of text: String) -> Double {
        if measuredWidth != table.width {
            measuredWidth = table.width
            contentHeights.removeAll()
        }
        if let known = contentHeights[text] { return known }
        let note = table.metrics.note
        let height = measurer.measure(text, font: note.font, maxWidth: note.textWidth(forRowWidth: table.width), wrap: .wordChar).height
        contentHeights[text] = height
        return height
    }

    func markError(_ id: RowID) -> TableError? {
        guard let row = reference.row(id) else { return .unknownRow(id) }
        return row.kind == .header ? .headerHasNoActions(id) : nil
    }

    // MARK: swipes

    /// Flag, Done, Pin or Delete, called directly or through the action buttons.
    func swipeAction(_ context: String, now: Double) throws {
        let id = anyID()
        let viaButton = Bool.random(using: &random)
        let edge: SwipeEdge = Bool.random(using: &random) ? .leading : .trailing
        let index = viaButton ? anyIndex() : Int.random(in: 0...1, using: &random)
        // Headers have no actions and no marks, but the table may delete one directly.
        var error = !viaButton && edge == .trailing && index == 0 ? (reference.row(id) == nil ? .unknownRow(id) : nil) : markError(id)
        if error == nil && viaButton && !(0...1).contains(index) { error = .unknownAction(id, edge: edge, index: index) }
        var actionName = edge == .trailing ? ["delete", "flag"][min(max(index, 0), 1)] : ["pin", "done"][min(max(index, 0), 1)]
        // A pinned row offers Unpin where Pin was (S9).
        if actionName == "pin", reference.row(id)?.pinned == true { actionName = "unpin" }
        try attempt(context, expectedError: error) {
            if viaButton {
                _ = try table.performSwipeAction(on: id, edge: edge, index: index)
            } else {
                switch actionName {
                case "delete": _ = try table.delete(id)
                case "flag": _ = try table.toggleFlag(id)
                case "pin": _ = try table.pin(id)
                case "unpin": _ = try table.unpin(id)
                default: _ = try table.toggleDone(id)
                }
            }
        } apply: {
            // Recording a step ends a typing burst.
            switch actionName {
            case "delete": reference.delete(id, at: now)
            case "flag": reference.change(id, at: now) { $0.flagged.toggle() }
            case "pin": reference.pin(id, at: now)
            case "unpin": reference.unpin(id, at: now)
            default: reference.change(id, at: now) { $0.done.toggle() }
            }
        }
    }

    /// Drags and touchpad swipes; with full swipe off they move reveals and never change rows.
    func swipeGesture(_ context: String) throws {
        let id = anyID()
        let time = clock.now
        let dx = [Double.nan, .infinity, -.infinity, 1e300][Int.random(in: 0..<4, using: &random)]
        let delta = Int.random(in: 0..<6, using: &random) == 0 ? dx : Double.random(in: -400...400, using: &random)
        let expected: TableError? = reference.row(id) == nil ? .unknownRow(id) : nil
        switch Int.random(in: 0..<9, using: &random) {
        case 0: try attempt(context, expectedError: expected) { _ = try table.beginSwipeDrag(on: id, time: time) } apply: {}
        case 1: _ = table.updateSwipeDrag(dx: delta, dy: Double.random(in: -20...20, using: &random), time: time)
        case 2: _ = table.endSwipeDrag(time: time)
        case 3: _ = table.cancelSwipeDrag()
        case 4: try attempt(context, expectedError: expected) { _ = try table.swipeScroll(on: id, dx: delta, dy: 0, time: time) } apply: {}
        case 5: _ = Bool.random(using: &random) ? table.endSwipeScroll(time: time) : table.endSwipeScrollIfIdle(now: time)
        case 6:
            let edge: SwipeEdge = Bool.random(using: &random) ? .leading : .trailing
            try attempt(context, expectedError: expected) { _ = try table.openSwipe(id, edge: edge) } apply: {}
        case 7: _ = table.closeSwipe(id)
        default: _ = table.tap()
        }
    }

    // MARK: the engine directly

    /// A batch on the table's layout: invalid ones (which must change nothing), and valid
    /// ones that only ask for re-measuring, which the table's rows allow.
    func layoutBatch(_ context: String) throws {
        var batch = BatchUpdate()
        let id = anyID()
        let exists = reference.row(id) != nil
        switch Int.random(in: 0..<7, using: &random) {
        case 0: batch.reload(id); if exists { batch.delete(id) }
        case 1: batch.insert(RowSpec(id: exists ? id : RowID(-7), kind: .note), at: exists ? 0 : Int.max)
        case 2: batch.setMeasuredHeight([Double.nan, -1, .infinity, TableLayout.maximumRowHeight * 2][Int.random(in: 0..<4, using: &random)], for: id)
        case 3: batch.move(id, to: -1)
        case 4: batch.invalidateHeight(of: id); batch.invalidateHeight(of: id)
        default:
            guard exists else { batch.reload(id); break }
            if Bool.random(using: &random) { batch.reload(id) } else { batch.invalidateHeight(of: id) }
            let before = LayoutSnapshot(table.layout)
            _ = try table.layout.performBatch(batch)
            try #require(table.layout.heightState(of: id) != .measured || before.rows.first { $0.id == id }?.state != .measured,
                         "\(context): a reloaded row stays measured")
            return
        }
        let before = LayoutSnapshot(table.layout)
        #expect(throws: BatchUpdateError.self, "\(context)") { try table.layout.performBatch(batch) }
        try #require(LayoutSnapshot(table.layout) == before, "\(context): a rejected batch changed the layout")
        let policy: EstimatePolicy = Bool.random(using: &random) ? .fixed(.nan) : .learned(initial: TableLayout.maximumRowHeight + 1)
        #expect(throws: BatchUpdateError.self, "\(context)") { try table.layout.setEstimatePolicy(policy, for: .note) }
        try #require(LayoutSnapshot(table.layout) == before, "\(context): a rejected estimate changed the layout")
    }

    /// A layout pass: every shown row ends up measured unless its content is pending or it
    /// cannot be measured; problems name only rows the measurer fails on, each once; only
    /// such rows are left marked unmeasurable.
    func layOut(_ context: String) throws {
        let overscan = Int.random(in: 0..<8, using: &random) == 0 ? Self.extremeLengths[Int.random(in: 0..<Self.extremeLengths.count, using: &random)] : 50
        let update = table.layOutVisibleRows(overscan: overscan).update
        for problem in update.problems {
            let row = try #require(reference.row(problem.row), "\(context): a problem names a missing row")
            try #require(rowIsPoisoned(row), "\(context): \(problem)")
        }
        let again = table.layOutVisibleRows(overscan: overscan)
        let reported = Set(update.problems.map(\.row))
        try #require(again.update.problems.allSatisfy { !reported.contains($0.row) }, "\(context): a problem was reported twice")
        for row in table.measuring.memo.unmeasurable {
            try #require(reference.row(row).map(rowIsPoisoned) == true, "\(context): row \(row) marked unmeasurable")
        }
        // One row failing never leaves the others unmeasured.
        for shown in again.rows where !shown.isMeasured && !table.measuring.memo.unmeasurable.contains(shown.id) {
            let pending = (try? table.richState(of: shown.id))?.isPending == true
            try #require(pending, "\(context): row \(shown.id) was shown unmeasured")
        }
    }

    func rowIsPoisoned(_ row: Row) -> Bool {
        switch row.content {
        case .note(let text, _): PoisonedMeasurer.isPoisoned(text)
        case .rich: (try? table.richState(of: row.id)).map {
            if case .loaded(let markup) = $0 { return PoisonedMeasurer.isPoisoned(markup) }
            return false
        } ?? false
        default: false
        }
    }

    func richIntent(_ context: String) throws {
        let id = id(preferring: .rich)
        let expected = kindError(id, .rich)
        switch Int.random(in: 0..<5, using: &random) {
        case 0: try attempt(context, expectedError: expected) { try table.richLoadingStarted(id) } apply: {}
        case 1:
            let markup = [
                "<b>Hello</b> world", "a\nb\nc", PoisonedMeasurer.unmeasurableMark, PoisonedMeasurer.towerMark + " tall",
                Self.oversizedText,
            ][Int.random(in: 0..<5, using: &random)]
            let error = expected ?? tooLarge(id, markup)
            try attempt(context, expectedError: error) { _ = try table.richContentArrived(id, markup: markup) } apply: {}
        case 2: try attempt(context, expectedError: expected) { _ = try table.richContentFailed(id, because: .error("offline")) } apply: {}
        case 3: _ = table.failOverdueRichLoads()
        default: try attempt(context, expectedError: expected) { _ = try table.richState(of: id) } apply: {}
        }
    }

    // MARK: checks

    /// The scroll position before an intent that changes one row's height in place.
    struct ScrollBefore {
        var anchor: ScrollAnchor?
        var anchorRowHeight: Double?
        var wasAtTop: Bool

        init(_ layout: TableLayout) {
            anchor = layout.anchor
            anchorRowHeight = anchor.flatMap { layout.height(of: $0.id) }
            wasAtTop = layout.scrollOffset == 0
        }
    }

    /// The scrolling rule after such an intent, by the reference's statement of it
    /// (``ReferenceHeights/offsetInAnchorRow(_:heightBefore:heightAfter:viewportHeight:)``):
    /// the top stays at the top, else the anchor row keeps its place, or clamps its anchor if it
    /// shrank past it.
    func verifyAnchorRule(since before: ScrollBefore, _ context: String) throws {
        let layout = table.layout
        guard let anchor = before.anchor, let heightBefore = before.anchorRowHeight,
              let top = layout.offset(of: anchor.id), let height = layout.height(of: anchor.id) else { return }
        let inRow = ReferenceHeights.offsetInAnchorRow(
            anchor.offsetInRow, heightBefore: heightBefore, heightAfter: height, viewportHeight: layout.viewportHeight)
        let expected = before.wasAtTop ? 0 : min(max(0, top + inRow), layout.maxScrollOffset)
        try verify(layout.scrollOffset == expected, "\(context): scrolled to \(layout.scrollOffset), the anchor rule says \(expected)")
    }

    /// A failed check of the soak: recorded as an issue, then thrown to end the run.
    struct CheckFailed: Error {}

    /// Like `#require` for a condition already computed, without the macro's per-call cost
    /// (these run several times per step, 100,000 steps).
    func verify(_ condition: Bool, _ message: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard !condition else { return }
        Issue.record(Comment(rawValue: message()), sourceLocation: sourceLocation)
        throw CheckFailed()
    }

    func check(_ context: String) throws {
        steps += 1
        if steps % Self.fullInvariantInterval == 0 { table._checkInvariants() } else { table.layout._checkInvariants() }
        let layout = table.layout
        let snapshot = LayoutSnapshot(layout)
        let order = snapshot.rows.map(\.id)
        try verify(order == reference.state.order, "\(context): row order differs from the reference")
        let sameRows = table.rows.count == reference.state.rows.count
            && reference.state.rows.allSatisfy { id, row in table.rows[id] == row }
        try verify(sameRows, "\(context): row content differs from the reference")
        try verify(table.canUndo == reference.canUndo && table.canRedo == reference.canRedo, "\(context): undo availability differs")
        var total = 0.0
        for shown in snapshot.rows {
            let (id, height) = (shown.id, shown.height)
            try verify(height >= 0 && height <= TableLayout.maximumRowHeight, "\(context): row \(id) is \(height) px")
            total += height
            guard shown.state == .measured, let row = table.row(id) else { continue }
            switch row.content {
            case .toggle(_, let open):
                try verify(height == ToggleSizing.height(for: id, open: open), "\(context): toggle \(id) is \(height) px")
            case .note(let text, let expanded):
                // A collapsed note that overflows is 64 px of text whatever its content measures;
                // one that fits hugs its text, with the bar under it only for its marks.
                let marked = row.flagged || row.done || row.pinned
                let rowHeight = NoteLayout(contentHeight: contentHeight(of: text), expanded: expanded, marked: marked, metrics: table.metrics.note).rowHeight
                try verify(!rowHeight.isNaN, "\(context): unmeasurable note \(id) counts as measured")
                let expected = min(rowHeight, TableLayout.maximumRowHeight)
                try verify(height == (expected * 64).rounded() / 64, "\(context): note \(id) is \(height) px, expected \(expected)")
            default: break
            }
        }
        try verify(total == layout.contentHeight, "\(context): rows sum to \(total) px, content is \(layout.contentHeight)")
        let offsetsAreFinite = table.swipe.offsets.values.allSatisfy { $0.isFinite }
        try verify(offsetsAreFinite, "\(context): swipe offsets \(table.swipe.offsets)")
        try verify(table.layout.scrollOffset.isFinite && table.layout.contentHeight.isFinite, "\(context): scroll geometry")
        if let editing = table.editingRow { try verify(reference.row(editing)?.kind == .note, "\(context): editing \(editing)") }
    }
}

/// Everything a rejected intent must leave as it was.
struct TableFingerprint: Equatable {
    var file: RowsFile
    var layout: LayoutSnapshot
    var undo: [TableEdit]
    var redo: [TableEdit]
    var editingRow: RowID?
    var swipeOffsets: [RowID: Double]
    var measureCounts: [RowID: Int]

    init(_ table: Table) {
        file = table.snapshot()
        layout = LayoutSnapshot(table.layout)
        undo = table.history.undoStack
        redo = table.history.redoStack
        editingRow = table.editingRow
        swipeOffsets = table.swipe.offsets
        measureCounts = table.measureCounts
    }
}

extension RowContent {
    /// Whether this is an expanded note.
    var isExpandedNote: Bool {
        if case .note(_, true) = self { return true }
        return false
    }
}
