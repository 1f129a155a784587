/// What the table keeps while a find filter is on (F2): the whole table's layout, which
/// ``Table/layout`` stands in for with the matching rows only.
struct FilterState {
    /// Every row, in order, with the anchor the table had when the filter went on (clearing
    /// returns to it) and every height measured since (mirrored from the filtered layout).
    let whole: TableLayout
    /// How many rows matched the query (headers shown only to name a section not counted).
    let matchCount: Int
    /// The query's words, as typed.
    let words: [String]
}

extension Table {
    /// The layout of every row, filtered or not: the order rows are saved and undone in.
    ///
    /// - Complexity: O(1).
    public var wholeLayout: TableLayout { filtering?.whole ?? layout }

    /// Whether a find filter is on.
    ///
    /// - Complexity: O(1).
    public var isFiltered: Bool { filtering != nil }

    /// How many rows the current filter matched, or nil when no filter is on.
    ///
    /// - Complexity: O(1).
    public var filterMatchCount: Int? { filtering?.matchCount }

    /// The words of the filter on, as typed (empty when none), for highlighting matches.
    ///
    /// - Complexity: O(1).
    public var findWords: [String] { filtering?.words ?? [] }

    /// Shows only the rows in `matches`, each under its section's header (F2): a filtered
    /// view over the same engine, never a reload. Rows keep their heights (measured ones stay
    /// measured, the rest estimated at the whole table's estimates). The row the user is looking
    /// at stays where it is on screen (the focused row, else the first matching row in view),
    /// as far as the filtered rows reach; with no match in view, the first match after the
    /// top row comes to the top. A header shows when it matches or a row of its section does. Replaces any
    /// filter on already.
    ///
    /// - Complexity: O(n) for n rows in the whole table, plus O(m) to build m shown rows.
    /// `words` are the query's, kept for highlighting (``findWords``); rows in view are bound
    /// again so they highlight them.
    public func filter(to matches: RowMatches, words: [String] = []) -> TableUpdate {
        let whole = wholeLayout
        let shownBefore = layout
        let keep = shownBefore.anchor
        let keepIndex = keep.flatMap { whole.index(of: $0.id) } ?? 0
        var specs: [RowSpec] = []
        var matchCount = 0
        var pendingHeader: RowSpec?
        var firstAfterKeep: Int?
        var wholeIndex = 0
        whole.index.forEachRow(from: 0) { record in
            let id = RowID(record.id)
            let height: Double? = record.state == .measured ? HeightUnits.points(Int64(record.units)) : nil
            let spec = RowSpec(id: id, kind: record.kind, measuredHeight: height)
            let matched = matches.contains(id)
            if record.kind == .header {
                pendingHeader = matched ? nil : spec
            }
            if matched {
                if wholeIndex >= keepIndex && firstAfterKeep == nil { firstAfterKeep = specs.count }
                if let header = pendingHeader {
                    specs.append(header)
                    pendingHeader = nil
                }
                specs.append(spec)
                if record.kind != .header { matchCount += 1 }
            }
            wholeIndex += 1
            return true
        }
        let shown = makeFilteredLayout(specs, like: whole)
        if let kept = rowInView(of: shownBefore, matching: matches), let top = shown.offset(of: kept.id) {
            shown.scroll(toOffset: top - kept.screenY)
        } else if let firstAfterKeep {
            shown.scroll(toOffset: shown.offset(ofRow: firstAfterKeep))
        } else {
            shown.scroll(toOffset: .infinity)
        }
        layout = shown
        filtering = FilterState(whole: whole, matchCount: matchCount, words: words)
        return replacedLayoutUpdate()
    }

    /// Shows every row again (F1, F2), scrolled where the table was when the filter went on,
    /// with every height measured meanwhile. Does nothing when no filter is on.
    ///
    /// - Complexity: O(1) plus closing open swipes.
    public func clearFilter() -> TableUpdate {
        guard let filtering else { return unchangedUpdate() }
        layout = filtering.whole
        self.filtering = nil
        return replacedLayoutUpdate()
    }

    /// The row the user is looking at in `layout`, if it matches, with its top's y in the
    /// viewport: the focused row when it is in view, else the first matching row in view.
    ///
    /// - Complexity: O(log n + k) for k rows in view.
    private func rowInView(of layout: TableLayout, matching matches: RowMatches) -> (id: RowID, screenY: Double)? {
        let inView = layout.visibleRows()
        let focused = (focusedRow ?? editingRow).flatMap { id in inView.first { $0.id == id } }
        guard let row = focused.flatMap({ matches.contains($0.id) ? $0 : nil }) ?? inView.first(where: { matches.contains($0.id) })
        else { return nil }
        return (row.id, row.y - layout.scrollOffset)
    }

    /// A layout of `specs` with the whole table's viewport, bottom inset and estimate policies.
    private func makeFilteredLayout(_ specs: [RowSpec], like whole: TableLayout) -> TableLayout {
        // Every spec comes from the whole layout: ids are unique and heights valid.
        guard let shown = try? TableLayout(rows: specs, viewportHeight: whole.viewportHeight) else {
            preconditionFailure("a filtered layout of valid rows was refused")
        }
        for kind in RowKind.allCases {
            _ = try? shown.setEstimatePolicy(whole.estimatePolicy(for: kind), for: kind)
        }
        shown.setBottomInset(whole.bottomInset)
        return shown
    }

    /// The update after ``layout`` was replaced: the view places the shown rows afresh (a row
    /// still shown keeps its cell, refreshed for the new words), at the new offset; open swipe
    /// actions close.
    private func replacedLayoutUpdate() -> TableUpdate {
        var update = unchangedUpdate()
        update.swipe = swipe.closeAll()
        update.refresh = layout.visibleRows().map(\.id)
        return update
    }
}
