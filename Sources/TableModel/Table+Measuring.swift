extension Table {
    /// Upper bound on measure-and-look-again rounds in ``layOutVisibleRows(overscan:)``.
    static let maximumLayoutPasses = 8

    /// The height row `row` should be laid out at, or nil while a rich row's content is
    /// pending (it stays at its kind's estimate, R1).
    ///
    /// - Complexity: O(length of the row's content) when not cached.
    func computedHeight(of row: Row) -> Double? {
        switch row.content {
        case .header(let title):
            let header = metrics.header
            let text = measurer.measure(title, font: header.font, maxWidth: max(1, width - 2 * header.paddingX), wrap: .wordChar)
            return header.paddingTop + text.height + header.paddingBottom
        case .note(let text, let expanded):
            return NoteLayout(contentHeight: noteContentHeight(row.id, text: text), expanded: expanded, metrics: metrics.note).rowHeight
        case .toggle(_, let open):
            return ToggleSizing.height(for: row.id, open: open)
        case .grid(let chips):
            return flow(for: row.id, chips: chips).contentHeight + 2 * metrics.grid.padding
        case .rich:
            switch richStates[row.id] ?? .placeholder {
            case .placeholder, .loading: return nil
            case .failed: return metrics.rich.errorHeight
            case .loaded(let markup):
                let rich = metrics.rich
                let text = measurer.measure(markup, font: rich.font, maxWidth: rich.textWidth(forRowWidth: width), wrap: .wordChar, isMarkup: true)
                return text.height + 2 * rich.padding
            }
        }
    }

    /// Whether `row` can be measured now: every row but a rich row whose content is pending.
    ///
    /// - Complexity: O(1) expected.
    func canMeasure(_ row: Row) -> Bool {
        guard case .rich = row.content else { return true }
        return !(richStates[row.id] ?? .placeholder).isPending
    }

    /// The measured height of a note's whole text at the current width, cached per row.
    func noteContentHeight(_ id: RowID, text: String) -> Double {
        if let cached = noteContentHeights[id] { return cached }
        let note = metrics.note
        let height = measurer.measure(text, font: note.font, maxWidth: note.textWidth(forRowWidth: width), wrap: .wordChar).height
        noteContentHeights[id] = height
        return height
    }

    /// A grid row's flow at the current width, cached per row; chip sizes are cached per
    /// label and never measured twice (G2).
    func flow(for id: RowID, chips: [String]) -> FlowLayout {
        if let cached = gridFlows[id] { return cached }
        let grid = metrics.grid
        let sizes = chips.map { chip -> Size in
            if let size = chipSizes[chip] { return size }
            let size = grid.chipSize(forLabel: measurer.measure(chip, font: grid.font, maxWidth: nil, wrap: .none))
            chipSizes[chip] = size
            return size
        }
        let flow = FlowLayout(itemSizes: sizes, width: grid.flowWidth(forRowWidth: width), itemSpacing: grid.itemSpacing, lineSpacing: grid.lineSpacing)
        gridFlows[id] = flow
        return flow
    }

    /// Measures `ids` now and gives the engine their heights in one batch. Pending rich rows
    /// are skipped.
    ///
    /// - Throws: ``TableError/unknownRow(_:)``; nothing changes then.
    /// - Complexity: O(k log n) for k rows, plus measuring.
    public func measure(_ ids: [RowID]) throws(TableError) -> TableUpdate {
        var batch = BatchUpdate()
        var seen = Set<RowID>()
        var measured: [RowID] = []
        for id in ids {
            let row = try existingRow(id)
            guard seen.insert(id).inserted, let height = computedHeight(of: row) else { continue }
            batch.setMeasuredHeight(height, for: id)
            measured.append(id)
        }
        guard !batch.isEmpty else { return unchangedUpdate() }
        var update = TableUpdate()
        update.layout = try engine { () throws(BatchUpdateError) in try layout.performBatch(batch) }
        for id in measured { measureCounts[id, default: 0] += 1 }
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
        let ids = stride(from: 0, to: layout.count, by: step).map { layout.id(at: $0) }.filter { !layout.isMeasured($0) }
        // Every id comes from the layout, so measuring cannot fail.
        return (try? measure(ids)) ?? TableUpdate()
    }

    /// The rows to show, each measured at the current width: rows that scroll into view
    /// unmeasured are measured, and the pass repeats while that moves the visible range.
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
            let unmeasured = visible.filter { !$0.isMeasured && rows[$0.id].map(canMeasure) == true }.map(\.id)
            guard !unmeasured.isEmpty else { return (visible, update) }
            // Every id comes from the layout, so measuring cannot fail.
            if let measured = try? measure(unmeasured) { update.absorb(measured) }
            if let fraction = holdingFraction, fraction.isFinite {
                update.layout.scrollOffset = layout.scroll(toOffset: min(max(0, fraction), 1) * layout.maxScrollOffset)
            }
        }
        return (layout.visibleRows(overscan: overscan), update)
    }

    /// Lays rows out at a new width (a window resize). Every row is re-measured lazily, and
    /// the row at the top of the viewport stays put (W2); chip sizes stay cached (G2).
    ///
    /// - Throws: ``TableError/invalidLength(_:name:)``; nothing changes then.
    /// - Complexity: O(n) to mark rows stale.
    public func setWidth(_ newWidth: Double) throws(TableError) -> TableUpdate {
        guard Size.isValidLength(newWidth) else { throw .invalidLength(newWidth, name: "width") }
        guard newWidth != width else { return unchangedUpdate() }
        var update = TableUpdate()
        width = newWidth
        noteContentHeights.removeAll(keepingCapacity: true)
        gridFlows.removeAll(keepingCapacity: true)
        swipe.setRowWidth(newWidth)
        update.layout = layout.invalidateAllMeasurements()
        return update
    }

    /// Changes the viewport height; the anchor row stays put.
    ///
    /// - Throws: ``TableError/invalidLength(_:name:)``; nothing changes then.
    /// - Complexity: O(log n).
    public func setViewportHeight(_ height: Double) throws(TableError) -> TableUpdate {
        guard Size.isValidLength(height) else { throw .invalidLength(height, name: "viewport height") }
        var update = TableUpdate()
        update.layout.scrollOffset = layout.setViewportHeight(height)
        update.layout.contentHeight = layout.contentHeight
        return update
    }

    /// The user scrolled the table to `offset`: open swipe actions close (S5).
    ///
    /// - Complexity: O(log n + open rows).
    public func scroll(toOffset offset: Double) -> TableUpdate {
        var update = TableUpdate()
        update.layout.scrollOffset = layout.scroll(toOffset: offset)
        update.layout.contentHeight = layout.contentHeight
        update.swipe = swipe.closeAll()
        return update
    }
}
