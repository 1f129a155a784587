extension Table {
    /// Upper bound on measure-and-look-again rounds in ``layOutVisibleRows(overscan:)``.
    static let maximumLayoutPasses = 8

    /// The geometry the view supplied.
    ///
    /// - Complexity: O(1).
    public var metrics: RowMetrics { measuring.metrics }

    /// The width every row is laid out at.
    ///
    /// - Complexity: O(1).
    public var width: Double { measuring.width }

    /// How many times each row was measured and handed to the engine, for tests and the
    /// automation state file (a text edit must measure exactly one row).
    ///
    /// - Complexity: O(1).
    public var measureCounts: [RowID: Int] { measuring.counts }

    /// The height row `row` should be laid out at, or nil while a rich row's content is
    /// pending (it stays at its kind's estimate, R1). A row that could not be read is as tall
    /// as the message that says so.
    ///
    /// - Complexity: O(length of the row's content) when not cached.
    func computedHeight(of row: Row) -> Double? {
        if let failure = rows.readFailure(of: row.id) {
            let unreadable = metrics.unreadable
            let text = measuring.measurer.measure(failure.message, font: unreadable.font, maxWidth: unreadable.textWidth(forRowWidth: width), wrap: .wordChar)
            return 2 * unreadable.paddingY + text.height
        }
        switch row.content {
        case .header(let title):
            let header = metrics.header
            let text = measuring.measurer.measure(title, font: header.font, maxWidth: max(1, width - 2 * header.paddingX), wrap: .wordChar)
            return header.paddingTop + text.height + header.paddingBottom
        case .note(let text, let expanded):
            let content = noteContentHeight(row.id, text: text)
            // Expanded, the row follows its text: a text height that is no length makes the
            // row unmeasurable (collapsed it is 64 px of text whatever the text measures).
            guard !expanded || (content.isFinite && content >= 0) else { return .nan }
            return NoteLayout(contentHeight: content, expanded: expanded, marked: RowMarks(of: row).isAny, metrics: metrics.note)
                .rowHeight
        case .toggle(_, let open):
            return ToggleSizing.height(for: row.id, open: open)
        case .grid(let chips):
            return flow(for: row.id, chips: chips).contentHeight + 2 * metrics.grid.padding
        case .rich:
            switch arriving.richStates[row.id] ?? .placeholder {
            case .placeholder, .loading: return nil
            case .failed: return metrics.rich.errorHeight
            case .loaded(let markup):
                let rich = metrics.rich
                let text = measuring.measurer.measure(markup, font: rich.font, maxWidth: rich.textWidth(forRowWidth: width), wrap: .wordChar, isMarkup: true)
                return text.height + 2 * rich.padding
            }
        case .web:
            return arriving.webFits[row.id].flatMap { metrics.web.rowHeight(for: $0, rowWidth: width) }
        }
    }

    /// Whether `row` can be measured now: every row but a readable rich row whose content is
    /// pending, or a readable web row the view has not measured at the current width.
    ///
    /// - Complexity: O(1) expected.
    func canMeasure(_ row: Row) -> Bool {
        guard rows.readFailure(of: row.id) == nil else { return true }
        switch row.content {
        case .rich: return !(arriving.richStates[row.id] ?? .placeholder).isPending
        case .web: return computedHeight(of: row) != nil
        default: return true
        }
    }

    /// The measured height of a note's whole text at the current width, cached per row (per
    /// paragraph, so an edit re-measures only what it changed: ``noteTextChanged(_:to:)``).
    ///
    /// - Complexity: O(1) when cached, else O(length of the text) plus measuring it.
    func noteContentHeight(_ id: RowID, text: String) -> Double {
        if let cached = measuring.memo.noteHeights[id], cached.text == text { return cached.total }
        let heights = NoteParagraphHeights(text: text, measure: measureNoteParagraphs)
        measuring.memo.noteHeights[id] = heights
        return heights.total
    }

    /// Moves the note's cached heights to its new `text`, re-measuring only the paragraphs
    /// that changed; a note not measured yet stays so.
    ///
    /// - Complexity: O(length of the text) byte comparisons, plus measuring the changed paragraphs.
    func noteTextChanged(_ id: RowID, to text: String) {
        // Taken out while it is updated: measuring reads `measuring`, which holds the memo.
        guard var heights = measuring.memo.noteHeights.removeValue(forKey: id) else { return }
        heights.update(to: text, measure: measureNoteParagraphs)
        measuring.memo.noteHeights[id] = heights
    }

    /// The heights of the paragraphs of `paragraphs` (whole paragraphs of a note) at the current width.
    private func measureNoteParagraphs(_ paragraphs: Substring) -> [Double] {
        let note = metrics.note
        return measuring.measurer.paragraphHeights(
            TextMeasureRequest(text: String(paragraphs), font: note.font, maxWidth: note.textWidth(forRowWidth: width), wrap: .wordChar))
    }

    /// A grid row's flow at the current width, cached per row; chip sizes are cached per
    /// label and never measured twice (G2). A label the measurer gives no valid size counts
    /// as empty, so the view never gets a frame that is not a rectangle.
    func flow(for id: RowID, chips: [String]) -> FlowLayout {
        if let cached = measuring.memo.gridFlows[id] { return cached }
        let grid = metrics.grid
        let sizes = chips.map { chip -> Size in
            if let size = measuring.memo.chipSizes[chip] { return size }
            let label = measuring.measurer.measure(chip, font: grid.font, maxWidth: nil, wrap: .none)
            let size = grid.chipSize(forLabel: label.isValid ? label : .zero)
            measuring.memo.chipSizes[chip] = size
            return size
        }
        let flow = FlowLayout(itemSizes: sizes, width: grid.flowWidth(forRowWidth: width), itemSpacing: grid.itemSpacing, lineSpacing: grid.lineSpacing)
        measuring.memo.gridFlows[id] = flow
        return flow
    }

    /// Measures `ids` now and gives the engine their heights in one batch. Pending rich
    /// rows are skipped. A row that cannot be measured keeps its estimate (or, if it was
    /// measured before, its last height, marked stale), and one taller
    /// than ``TableLayout/maximumRowHeight`` is laid out at that height; both are reported in
    /// ``TableUpdate/problems`` and never keep the other rows from being measured.
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` when any id is unknown; nothing changes then.
    /// - Complexity: O(k log n) for k rows, plus measuring.
    public func measure(_ ids: [RowID]) throws(TableError) -> TableUpdate {
        var found: [Row] = []
        found.reserveCapacity(ids.count)
        for id in ids { found.append(try existingRow(id)) }
        return measureRows(found)
    }

    /// Measures rows of this table (the first of each id only) and hands the usable heights
    /// to the engine in one batch. Never fails: see ``measure(_:)``.
    ///
    /// - Complexity: O(k log n) for k rows, plus measuring.
    func measureRows(_ candidates: [Row]) -> TableUpdate {
        var batch = BatchUpdate()
        var seen = Set<RowID>()
        var measured: [RowID] = []
        var problems: [RowProblem] = []
        for row in candidates where seen.insert(row.id).inserted {
            let outcome = RowHeightOutcome(computedHeight(of: row))
            switch outcome {
            case .pending:
                continue
            case .height:
                measuring.memo.unmeasurable.remove(row.id)
            case .tooTall:
                measuring.memo.unmeasurable.remove(row.id)
                problems.append(RowProblem(row: row.id, kind: .cutOff(limit: Int(TableLayout.maximumRowHeight))))
            case .unmeasurable:
                // A height measured before no longer holds: keep it, but flag it stale.
                if layout.isMeasured(row.id) { batch.invalidateHeight(of: row.id) }
                measuring.memo.unmeasurable.insert(row.id)
                problems.append(RowProblem(row: row.id, kind: .notMeasured))
            }
            if let height = outcome.engineHeight {
                batch.setMeasuredHeight(height, for: row.id)
                measured.append(row.id)
            }
        }
        var update = unchangedUpdate()
        if !batch.isEmpty {
            do throws(BatchUpdateError) {
                // Every row exists and every height is in range, so the engine accepts the batch.
                update.layout = try layout.performBatch(batch)
                mirrorHeightsToWholeTable(batch)
                for id in measured { measuring.counts[id, default: 0] += 1 }
            } catch {
                problems += measured.map { RowProblem(row: $0, kind: .notLaidOut(reason: "\(error)")) }
            }
        }
        update.problems = problems
        return update
    }

    /// An update that changes nothing: the current scroll offset and content height.
    ///
    /// - Complexity: O(1).
    func unchangedUpdate() -> TableUpdate {
        var update = TableUpdate()
        update.layout.scrollOffset = layout.scrollOffset
        update.layout.contentHeight = layout.contentHeight
        return update
    }

    /// Measures about `count` rows spread evenly through the table, so every kind's learned
    /// estimate starts from real heights at this width instead of a guess: the scrollbar is
    /// close to right from the first frame, and later measurements barely move it (W3).
    ///
    /// - Complexity: O(k log n) for k = min(count, n) rows, plus measuring them.
    public func measureSample(of count: Int) -> TableUpdate {
        guard count > 0, layout.count > 0 else { return TableUpdate() }
        let step = max(1, layout.count / count)
        let sample = stride(from: 0, to: layout.count, by: step).compactMap { position -> Row? in
            guard let id = layout.id(ifAnyAt: position), !layout.isMeasured(id) else { return nil }
            return rows[id]
        }
        return measureRows(sample)
    }

    /// The rows to show, each measured at the current width: rows that scroll into view
    /// unmeasured are measured, and the pass repeats while that moves the visible range.
    /// A row that cannot be measured keeps its estimate, is reported once in the update's
    /// ``TableUpdate/problems``, and is skipped by later passes until its content or the
    /// width changes; every other row is measured as usual.
    ///
    /// Measuring keeps the anchor row in place (W2), which moves the scroll offset when rows
    /// above it change. With `holdingFraction` (the scrollbar's thumb was just dragged to that
    /// fraction of its travel) the offset stays at that fraction of the scroll range instead,
    /// and the anchor is re-derived from it, so the thumb lands where it points (W3).
    ///
    /// - Complexity: O(log n + k) per pass for k visible rows, plus measuring new rows.
    public func layOutVisibleRows(overscan: Double = 0, holdingFraction: Double? = nil) -> (rows: [VisibleRow], update: TableUpdate) {
        var update = unchangedUpdate()
        for _ in 0..<Self.maximumLayoutPasses {
            let visible = layout.visibleRows(overscan: overscan)
            let unmeasured = visible.compactMap { shown -> Row? in
                guard !shown.isMeasured, !measuring.memo.unmeasurable.contains(shown.id), let row = rows[shown.id], canMeasure(row) else { return nil }
                return row
            }
            guard !unmeasured.isEmpty else { return (visible, update) }
            update.absorb(measureRows(unmeasured))
            if let fraction = holdingFraction, fraction.isFinite {
                update.layout.scrollOffset = layout.scroll(toOffset: min(max(0, fraction), 1) * layout.maxScrollOffset)
            }
        }
        return (layout.visibleRows(overscan: overscan), update)
    }

    /// Lays rows out at a new width (a window resize). Every row is re-measured lazily, and
    /// the row at the top of the viewport stays put (W2); chip sizes stay cached (G2).
    ///
    /// - Throws: ``TableError/invalidLength(_:name:)`` outside `0...RowLimits.maxViewLength`;
    ///   nothing changes then.
    /// - Complexity: O(n) to mark rows stale, plus O(undo steps).
    public func setWidth(_ newWidth: Double) throws(TableError) -> TableUpdate {
        guard RowLimits.isValidViewLength(newWidth) else { throw .invalidLength(newWidth, name: "width") }
        guard newWidth != width else { return unchangedUpdate() }
        measuring.width = newWidth
        swipe.setRowWidth(newWidth)
        return forgetMeasurements()
    }

    /// The view's fonts or paddings changed (the text scaling factor or the font setting):
    /// every row is re-measured lazily with `newMetrics`, and the row at the top of the
    /// viewport stays put (W9).
    ///
    /// - Complexity: O(n) to mark rows stale.
    public func setMetrics(_ newMetrics: RowMetrics, actionFont newActionFont: FontDescription) -> TableUpdate {
        guard newMetrics != metrics || newActionFont != swipe.style.font else { return unchangedUpdate() }
        measuring.metrics = newMetrics
        swipe.style.font = newActionFont
        measuring.memo.chipSizes.removeAll(keepingCapacity: true)
        return forgetMeasurements()
    }

    /// Drops every measurement taken at the old width or metrics; rows measure again as they
    /// come into view.
    ///
    /// - Complexity: O(n).
    private func forgetMeasurements() -> TableUpdate {
        var update = TableUpdate()
        measuring.memo.forgetRows()
        // A deleted row's height was measured at the old width; undo re-measures it instead.
        history.transformEdits { edit in
            guard case .delete(let row, let index, .some) = edit else { return edit }
            return .delete(row, index: index, height: nil)
        }
        update.layout = layout.invalidateAllMeasurements()
        if let whole = filtering?.whole { _ = whole.invalidateAllMeasurements() }
        return update
    }

    /// Changes the viewport height; the anchor row stays put.
    ///
    /// - Throws: ``TableError/invalidLength(_:name:)``; nothing changes then.
    /// - Complexity: O(log n).
    public func setViewportHeight(_ height: Double) throws(TableError) -> TableUpdate {
        guard RowLimits.isValidViewLength(height) else { throw .invalidLength(height, name: "viewport height") }
        var update = TableUpdate()
        if let whole = filtering?.whole { _ = whole.setViewportHeight(height) }
        update.layout.scrollOffset = layout.setViewportHeight(height)
        update.layout.contentHeight = layout.contentHeight
        return update
    }

    /// The user scrolled the table to `offset`: open swipe actions close (S5).
    ///
    /// - Complexity: O(log n + open rows).
    public func scroll(toOffset offset: Double) -> TableUpdate {
        filtering?.lookedAt = nil
        var update = TableUpdate()
        update.layout.scrollOffset = layout.scroll(toOffset: offset)
        update.layout.contentHeight = layout.contentHeight
        update.swipe = swipe.closeAll()
        return update
    }
}
