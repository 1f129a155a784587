/// The selection in positions of the whole table, for batch marks made while a find filter
/// is on (E3, F2): mark layers cover positions of ``Table/wholeLayout``, the selection is of
/// the shown rows.
extension Table {
    /// The positions in the whole table of the rows selected in the shown layout; the
    /// selection itself when no filter is on. Selected rows that follow each other in the
    /// whole table too make one range; rows the filter hides are never in it.
    ///
    /// - Complexity: O(p log k log n) for p resulting ranges out of k selected rows: each
    ///   selected range is halved until its halves are runs of the whole table. When every
    ///   match is its own range (scattered matches), O(k log n).
    func wholeSelection() -> RowSelection {
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
        func appendRuns(_ low: Int, _ high: Int, _ wholeLow: Int, _ wholeHigh: Int) {
            if wholeHigh - wholeLow == high - low {
                result.append(wholeLow..<wholeHigh + 1)
                return
            }
            let middle = low + (high - low) / 2
            appendRuns(low, middle, wholeLow, wholePosition(middle))
            appendRuns(middle + 1, high, wholePosition(middle + 1), wholeHigh)
        }
        for range in shown.selection.ranges {
            appendRuns(range.lowerBound, range.upperBound - 1, wholePosition(range.lowerBound), wholePosition(range.upperBound - 1))
        }
        return result
    }
}
