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
    /// `alsoShowing` adds rows matched outside the index (loaded rich rows, whose text only
    /// the running app has: ``loadedRichTexts()``).
    public func filter(to matches: RowMatches, words: [String] = [], alsoShowing extra: Set<RowID> = []) -> TableUpdate {
        let whole = wholeLayout
        let shownBefore = layout
        let keep = shownBefore.anchor
        let keepIndex = keep.flatMap { whole.index(of: $0.id) } ?? 0
        let (specs, matchCount, firstAfterKeep) = Self.filteredRows(
            of: whole.index, matching: matches, extra: extra, firstAtOrAfter: keepIndex)
        let shown = makeFilteredLayout(specs, like: whole)
        let kept = rowInView(of: shownBefore, matching: matches, extra: extra)
        if let kept, let top = shown.offset(of: kept.id) {
            shown.scroll(toOffset: top - kept.screenY)
        } else if let firstAfterKeep {
            shown.scroll(toOffset: shown.offset(ofRow: firstAfterKeep))
        } else {
            shown.scroll(toOffset: .infinity)
        }
        layout = shown
        filtering = FilterState(whole: whole, matchCount: matchCount, words: words)
        var update = replacedLayoutUpdate()
        if let kept {
            update.problems = holdInPlace(kept)
            update.layout.scrollOffset = layout.scrollOffset
            update.layout.contentHeight = layout.contentHeight
        }
        return update
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

    /// Measure-and-scroll passes ``holdInPlace(_:)`` may take.
    static let holdingPasses = 3

    /// One pass over the whole table's rows, straight from the index's leaves in row order:
    /// the rows to show (each matching row, after its section's header when the header does
    /// not match itself) with their measured heights, how many matched (headers not counted),
    /// and the position among them of the first one at or after whole index `keepIndex`.
    ///
    /// - Complexity: O(n) for n rows (a few loads and a bit test each), plus O(m) for m shown.
    private static func filteredRows(
        of index: HeightIndex, matching matches: RowMatches, extra: Set<RowID>, firstAtOrAfter keepIndex: Int
    ) -> (specs: [RowSpec], matchCount: Int, firstAfterKeep: Int?) {
        var specs: [RowSpec] = []
        specs.reserveCapacity(min(index.count, matches.count + extra.count) * 2 + 16)
        var matchCount = 0
        var pendingHeader: RowSpec?
        var firstAfterKeep: Int?
        var wholeIndex = 0
        let header = RowKind.header.rawValue
        let measured = RowHeightState.measured.rawValue
        let checkExtra = !extra.isEmpty
        func spec(_ id: Int64, _ flags: UInt8, _ units: UInt32) -> RowSpec {
            let kind = RowKind(rawValue: flags & RowRecord.kindMask) ?? .note
            let height = flags >> RowRecord.stateShift == measured ? HeightUnits.points(Int64(units)) : nil
            return RowSpec(id: RowID(id), kind: kind, measuredHeight: height)
        }
        let dense = matches.sparse.isEmpty
        // The arrays are read through buffers: no reference counting or bounds checks per row.
        index.ids.withUnsafeBufferPointer { ids in
            index.flags.withUnsafeBufferPointer { flags in
                matches.bits.withUnsafeBufferPointer { bits in
                    for (leaf, _) in index.leavesInRowOrder() {
                        let base = index.base(of: leaf)
                        for slot in base..<base + Int(index.leafCounts[Int(leaf)]) {
                            let id = ids[slot]
                            let rowFlags = flags[slot]
                            var matched: Bool
                            if dense {
                                let word = Int(truncatingIfNeeded: id >> 6)
                                matched = id >= 0 && word < bits.count && bits[word] & (1 << UInt64(id & 63)) != 0
                            } else {
                                matched = matches.sparse.contains(id)
                            }
                            if checkExtra && !matched { matched = extra.contains(RowID(id)) }
                            let isHeader = rowFlags & RowRecord.kindMask == header
                            if isHeader { pendingHeader = matched ? nil : spec(id, rowFlags, index.units[slot]) }
                            if matched {
                                if wholeIndex >= keepIndex && firstAfterKeep == nil { firstAfterKeep = specs.count }
                                if let pending = pendingHeader {
                                    specs.append(pending)
                                    pendingHeader = nil
                                }
                                specs.append(spec(id, rowFlags, index.units[slot]))
                                if !isHeader { matchCount += 1 }
                            }
                            wholeIndex += 1
                        }
                    }
                }
            }
        }
        return (specs, matchCount, firstAfterKeep)
    }

    /// The text of every rich row whose content has loaded, its markup's tags stripped: the
    /// find index holds a rich row's source name only, so find matches these in memory.
    ///
    /// - Complexity: O(r + their text) for r rich rows with a load state.
    public func loadedRichTexts() -> [(id: RowID, text: String)] {
        richStates.compactMap { id, state in
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

    /// The row the user is looking at in `layout`, if it matches, with its top's y in the
    /// viewport: the focused row when it is in view, else the first matching row whose top is
    /// in view, else the matching row the viewport's top cuts.
    ///
    /// - Complexity: O(log n + k) for k rows in view.
    private func rowInView(of layout: TableLayout, matching matches: RowMatches, extra: Set<RowID>) -> (id: RowID, screenY: Double)? {
        let inView = layout.visibleRows().filter { matches.contains($0.id) || extra.contains($0.id) }
        let focused = (focusedRow ?? editingRow).flatMap { id in inView.first { $0.id == id } }
        let startsInView = inView.first { $0.y >= layout.scrollOffset }
        guard let row = focused ?? startsInView ?? inView.first else { return nil }
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
