/// What the table keeps while a find filter is on (F2): the whole table's layout, which
/// ``Table/layout`` stands in for with the matching rows only.
struct FilterState {
    /// Every row, in order, with the anchor the table had when the filter went on (clearing
    /// returns to it) and every height measured since (mirrored from the filtered layout).
    let whole: TableLayout
    /// How many shown rows match the query: a header whose own title matched counts, a header
    /// shown only to name the section of a match does not, nor a row created while filtered.
    /// Invariant: equals the shown rows for which ``isMatch(_:)`` holds; deletes and inserts
    /// while filtered keep it so.
    var matchCount: Int
    /// The query's words, as typed.
    let words: [String]
    /// The rows the filter shows (with the headers of their sections), as it was given them:
    /// ``Table/refilter()`` shows them again.
    let matches: RowMatches
    let extra: Set<RowID>
    /// The rows the user was looking at, each with its top's y in the viewport: those in view
    /// when the filter went on, or when the user last scrolled the filtered table. Every query
    /// keeps the first of them it matches where it was, so where a row ends up does not depend
    /// on which prefixes of the query were shown on the way. Nil after a scroll: taken from
    /// the filtered table at the next query.
    var lookedAt: [(id: RowID, screenY: Double)]?

    /// Whether row `id` is one the query found (in the index or among the loaded rich rows).
    ///
    /// - Complexity: O(1) expected.
    func isMatch(_ id: RowID) -> Bool { matches.contains(id) || extra.contains(id) }
}

extension Table {
    /// The layout of every row, filtered or not: the order rows are saved and undone in.
    ///
    /// - Complexity: O(1).
    var wholeLayout: TableLayout { filtering?.whole ?? layout }

    /// Whether a find filter is on.
    ///
    /// - Complexity: O(1).
    public var isFiltered: Bool { filtering != nil }

    /// How many rows the current filter matched, or nil when no filter is on: every shown row
    /// but the headers shown only to name the section of a match. A header whose own title
    /// matched is a match like any row (the find bar's "N rows" counts the rows it highlights).
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
    /// at stays where it is on screen (the focused row, else the first matching row of the view
    /// as the user last placed it: see ``FilterState/lookedAt``), as far as the filtered rows reach; with no match in view, the first match after the
    /// top row comes to the top. A header shows when it matches or a row of its section does. Replaces any
    /// filter on already.
    ///
    /// - Complexity: O(n) for n rows in the whole table, plus O(m) to build m shown rows: all
    ///   of it on the calling thread. ``filterSource(alsoShowing:)``, ``PreparedFilter`` and
    ///   ``filter(_:words:)`` do the same with the O(n + m) part on another thread.
    /// `words` are the query's, kept for highlighting (``findWords``); rows in view are bound
    /// again so they highlight them.
    /// `alsoShowing` adds rows matched outside the index (loaded rich rows, whose text only
    /// the running app has: ``loadedRichTexts()``).
    public func filter(to matches: RowMatches, words: [String] = [], alsoShowing extra: Set<RowID> = []) -> TableUpdate {
        guard let prepared = PreparedFilter(source: filterSource(alsoShowing: extra), matches: matches) else {
            preconditionFailure("a filter that cannot be cancelled was cancelled")
        }
        return filter(prepared, words: words)
    }

    /// A snapshot of the whole table to build a filtered layout from on another thread
    /// (``PreparedFilter``), showing `extra` besides the index's matches. From now on the whole
    /// table's height changes are journaled, so the filter can catch up with them.
    ///
    /// - Complexity: O(1) amortised (see ``FilterSource`` for what the snapshot costs later).
    public func filterSource(alsoShowing extra: Set<RowID> = []) -> FilterSource {
        let whole = wholeLayout
        if whole.journal == nil { whole.journal = LayoutJournal() }
        let mark = whole.journal!.mark()
        return FilterSource(index: whole.index, mark: mark, extra: extra)
    }

    /// Shows the rows of `prepared`, a filtered layout built from ``filterSource(alsoShowing:)``
    /// perhaps on another thread, as ``filter(to:words:alsoShowing:)`` does: it is caught up
    /// with the heights the whole table measured or invalidated since the snapshot. When rows
    /// were inserted, deleted or moved since (or every height changed, a width change), it is
    /// built again here from the whole table as it is now.
    ///
    /// - Complexity: O(c log m) for c height changes since the snapshot, plus laying out the
    ///   rows in view; O(n + m) when built again.
    public func filter(_ prepared: PreparedFilter, words: [String] = []) -> TableUpdate {
        let whole = wholeLayout
        guard let changes = whole.journal?.changes(since: prepared.mark) else {
            return filter(to: prepared.matches, words: words, alsoShowing: prepared.extra)
        }
        let shown = prepared.take()
        for id in changes { Self.catchUp(shown, withRow: RowID(id), of: whole) }
        for kind in RowKind.allCases {
            _ = try? shown.setEstimatePolicy(whole.estimatePolicy(for: kind), for: kind)
        }
        shown.setViewportHeight(whole.viewportHeight)
        shown.setBottomInset(whole.bottomInset)
        let shownBefore = layout
        let lookedAt = filtering?.lookedAt ?? Self.rowsInView(of: shownBefore)
        let kept = rowLookedAt(lookedAt, in: shownBefore, matching: prepared.matches, extra: prepared.extra)
        let keepIndex = shownBefore.anchor.flatMap { whole.index(of: $0.id) } ?? 0
        if let kept, let top = shown.offset(of: kept.id) {
            shown.scroll(toOffset: top - kept.screenY)
        } else if let first = firstShownRow(of: prepared, in: shown, atOrAfterWholePosition: keepIndex) {
            shown.scroll(toOffset: shown.offset(ofRow: first))
        } else {
            shown.scroll(toOffset: .infinity)
        }
        layout = shown
        filtering = FilterState(whole: whole, matchCount: prepared.matchCount, words: words, matches: prepared.matches,
                                extra: prepared.extra, lookedAt: lookedAt)
        var update = replacedLayoutUpdate()
        if let kept {
            update.problems = holdInPlace(kept)
            update.layout.scrollOffset = layout.scrollOffset
            update.layout.contentHeight = layout.contentHeight
            update.refresh = rowsToRefresh()
        }
        return update
    }

    /// Gives row `id` of `shown` the height and state it has in `whole` now, if it is shown.
    ///
    /// - Complexity: O(log m + log n).
    private static func catchUp(_ shown: TableLayout, withRow id: RowID, of whole: TableLayout) {
        guard let now = whole.record(id), let before = shown.record(id), now != before else { return }
        switch now.state {
        case .measured:
            _ = try? shown.setMeasuredHeight(HeightUnits.points(Int64(now.units)), for: id)
        case .stale:
            _ = try? shown.setMeasuredHeight(HeightUnits.points(Int64(now.units)), for: id)
            _ = try? shown.invalidateMeasurement(of: id)
        case .estimated:
            break  // only a structural change makes a row estimated again, and that rebuilds
        }
    }

    /// Where the filtered table shows first when no row in view matches: the first shown row
    /// at or after whole position `position`, or the header shown above it when that header
    /// is there only to name its section.
    ///
    /// - Complexity: O(log m).
    private func firstShownRow(of prepared: PreparedFilter, in shown: TableLayout, atOrAfterWholePosition position: Int) -> Int? {
        guard let first = prepared.firstShown(atOrAfterWholePosition: position) else { return nil }
        guard first > 0, shown.kind(of: shown.id(at: first)) != .header else { return first }
        let above = shown.id(at: first - 1)
        let namesSection = shown.kind(of: above) == .header && !prepared.matches.contains(above) && !prepared.extra.contains(above)
        return namesSection ? first - 1 : first
    }

    /// Measures the rows that came into view above the kept row unmeasured (rows the whole
    /// table never showed), and scrolls again so it stays at its y: measuring them would
    /// otherwise move it by what their estimates were off. Returns what could not be measured.
    ///
    /// - Complexity: O(k log n) for k rows in view, plus measuring them; at most a few passes.
    private func holdInPlace(_ kept: (id: RowID, screenY: Double)) -> [RowProblem] {
        var problems: [RowProblem] = []
        for _ in 0..<Self.holdingPasses {
            problems += layOutVisibleRows().update.problems
            guard let top = layout.offset(of: kept.id), abs(top - kept.screenY - layout.scrollOffset) >= 0.5 else { break }
            layout.scroll(toOffset: top - kept.screenY)
        }
        return problems
    }

    /// Builds the shown rows again from the whole table, for the same matches: after rows
    /// came back or went in bulk by whole positions (an undone or redone batch delete). The
    /// row the user looked at stays put, as for a new query.
    ///
    /// - Complexity: O(n + m), on the calling thread.
    func refilter() -> TableUpdate {
        guard let filtering else { return unchangedUpdate() }
        return filter(to: filtering.matches, words: filtering.words, alsoShowing: filtering.extra)
    }

    /// Measure-and-scroll passes ``holdInPlace(_:)`` may take.
    static let holdingPasses = 3

    /// The text of every rich row whose content has loaded, its markup's tags stripped: the
    /// find index holds a rich row's source name only, so find matches these in memory.
    ///
    /// - Complexity: O(r + their text) for r rich rows with a load state.
    public func loadedRichTexts() -> [(id: RowID, text: String)] {
        arriving.richStates.compactMap { id, state in
            guard case .loaded(let markup) = state else { return nil }
            return (id, MarkupText.plainText(of: markup))
        }
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

    /// The rows in view in `layout`, top to bottom, each with its top's y in the viewport.
    ///
    /// - Complexity: O(log n + k) for k rows in view.
    private static func rowsInView(of layout: TableLayout) -> [(id: RowID, screenY: Double)] {
        layout.visibleRows().map { ($0.id, $0.y - layout.scrollOffset) }
    }

    /// The row the user is looking at, if it matches, with the y in the viewport to keep its
    /// top at: the focused row when it is in view in `layout` (where it is now: the user works
    /// there), else the first matching row of `lookedAt` whose top was in view, else the
    /// matching row of `lookedAt` the viewport's top cut (each where the user saw it).
    ///
    /// - Complexity: O(log n + k) for k rows in view.
    private func rowLookedAt(_ lookedAt: [(id: RowID, screenY: Double)], in layout: TableLayout, matching matches: RowMatches, extra: Set<RowID>) -> (id: RowID, screenY: Double)? {
        func isShown(_ id: RowID) -> Bool { matches.contains(id) || extra.contains(id) }
        if let id = focusedRow ?? editingRow, isShown(id), let row = layout.visibleRows().first(where: { $0.id == id }) {
            return (row.id, row.y - layout.scrollOffset)
        }
        let candidates = lookedAt.filter { isShown($0.id) }
        return candidates.first { $0.screenY >= 0 } ?? candidates.first
    }

    /// The update after ``layout`` was replaced: the view places the shown rows afresh (a row
    /// still shown keeps its cell, refreshed for the new words), at the new offset; open swipe
    /// actions close.
    private func replacedLayoutUpdate() -> TableUpdate {
        var update = unchangedUpdate()
        update.swipe = swipe.closeAll()
        update.refresh = rowsToRefresh()
        return update
    }

    /// The rows whose cells a view may keep across a change of the shown rows: those in view
    /// and a viewport's height above and below (the view's overscan, bound but not yet on
    /// screen, is within that). Each is bound again for the new words; a cell kept in the
    /// overscan would otherwise scroll into view still highlighting the previous query.
    ///
    /// - Complexity: O(log n + k) for k rows.
    private func rowsToRefresh() -> [RowID] {
        layout.visibleRows(overscan: layout.viewportHeight).map(\.id)
    }
}
