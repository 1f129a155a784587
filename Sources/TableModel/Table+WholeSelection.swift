/// The selection in positions of the whole table, for batch marks made while a find filter
/// is on (E3, F2): mark layers cover positions of ``Table/wholeLayout``, the selection is of
/// the shown rows.
extension Table {
    /// Above this many whole-table rows per selected shown row, a selected range is mapped by
    /// halving rather than by walking: a walk step costs about a twentieth of a halving probe
    /// (two tree searches).
    static let wholeSelectionWalkLimit = 16

    /// The positions in the whole table of the rows selected in the shown layout; the
    /// selection itself when no filter is on. Selected rows that follow each other in the
    /// whole table too make one range; rows the filter hides are never in it.
    ///
    /// When the s selected rows span w rows of the whole table with w < `walkLimit` · s, the
    /// whole table is walked once from the first, O(s + w + log n).
    /// Otherwise each selected range of k shown rows spanning w rows is walked the same way
    /// when w < `walkLimit` · k, O(k + w + log n); else halved until its halves are runs of
    /// the whole table, O(p log k log n) for p runs (O(k log n) when every match is a run of
    /// its own, scattered matches).
    ///
    /// A walk over `twoCoresFrom` selected rows or more (a filtered Ctrl+A at a million rows)
    /// is cut in two at its middle row, and the halves are walked on two cores
    /// (``runSideBySide(_:_:)``): the runs of the lower half end where the upper half's begin,
    /// and touching runs merge as they are appended.
    func wholeSelection(walkLimit: Int = Table.wholeSelectionWalkLimit,
                        twoCoresFrom: Int = HeightIndex.rowsWorthASecondCore) -> RowSelection {
        guard let whole = filtering?.whole else { return layout.selection }
        let shown = layout
        var result = RowSelection()
        func wholePosition(_ position: Int) -> Int {
            guard let index = whole.index(of: shown.id(at: position)) else {
                preconditionFailure("filter: shown row \(shown.id(at: position)) is not in the table")
            }
            return index
        }
        /// Appends shown positions `low...high`, whose whole positions are `wholeLow` and
        /// `wholeHigh`, in order. Invariant: shown rows are in the whole table's order.
        func halve(_ low: Int, _ high: Int, _ wholeLow: Int, _ wholeHigh: Int) {
            if wholeHigh - wholeLow == high - low {
                result.append(wholeLow..<wholeHigh + 1)
                return
            }
            let middle = low + (high - low) / 2
            halve(low, middle, wholeLow, wholePosition(middle))
            halve(middle + 1, high, wholePosition(middle + 1), wholeHigh)
        }
        /// Appends the runs of shown positions `ranges` (`rows` rows), the first at whole
        /// position `wholeLow`, walking the whole table's rows from there: a row not shown
        /// ends a run.
        func walk(_ ranges: [Range<Int>], rows: Int, from wholeLow: Int) {
            // The indexes are values: each half reads its own copy, never the layouts.
            let (wholeIndex, shownIndex) = (whole.index, shown.index)
            guard rows >= twoCoresFrom, rows > 1 else {
                for run in wholeIndex.runs(of: shownIndex.ids(in: ranges), from: wholeLow) { result.append(run) }
                return
            }
            let (lower, upper) = Self.cut(ranges, after: rows / 2)
            let upperLow = wholePosition(upper[0].lowerBound)
            var (lowerRuns, upperRuns): ([Range<Int>], [Range<Int>]) = ([], [])
            runSideBySide({ upperRuns = wholeIndex.runs(of: shownIndex.ids(in: upper), from: upperLow) },
                          { lowerRuns = wholeIndex.runs(of: shownIndex.ids(in: lower), from: wholeLow) })
            for run in lowerRuns { result.append(run) }
            for run in upperRuns { result.append(run) }
        }
        let ranges = shown.selection.ranges
        guard let first = ranges.first, let last = ranges.last else { return result }
        let wholeFirst = wholePosition(first.lowerBound)
        if wholePosition(last.upperBound - 1) - wholeFirst < walkLimit * shown.selection.count {
            // Dense enough to walk as a whole, once: a filtered Ctrl+A leaves out the headers
            // shown only to name their sections, so it is a range per section.
            walk(ranges, rows: shown.selection.count, from: wholeFirst)
            return result
        }
        for range in ranges {
            let wholeLow = wholePosition(range.lowerBound)
            let wholeHigh = wholePosition(range.upperBound - 1)
            if wholeHigh - wholeLow < walkLimit * range.count {
                walk([range], rows: range.count, from: wholeLow)
            } else {
                halve(range.lowerBound, range.upperBound - 1, wholeLow, wholeHigh)
            }
        }
        return result
    }

    /// `ranges`, sorted and disjoint, cut in two after their first `rows` rows: those rows,
    /// and the rest.
    ///
    /// - Precondition: 0 < `rows` < the rows in `ranges`.
    /// - Complexity: O(r) for r ranges.
    private static func cut(_ ranges: [Range<Int>], after rows: Int) -> (lower: [Range<Int>], upper: [Range<Int>]) {
        var left = rows
        for (number, range) in ranges.enumerated() {
            guard left < range.count else {
                left -= range.count
                continue
            }
            let split = range.lowerBound + left
            let lower = Array(ranges[..<number]) + (left > 0 ? [range.lowerBound..<split] : [])
            return (lower, [split..<range.upperBound] + ranges[(number + 1)...])
        }
        preconditionFailure("cut: \(rows) rows or more asked of fewer")
    }
}
