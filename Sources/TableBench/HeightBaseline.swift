import TableModel

/// What the engine is timed against: a height list that keeps the same (row id, offset in
/// row) scroll anchor as `TableLayout` and answers the same queries, so every baseline does
/// the same work per operation as the engine. `NaiveHeightList` and `FenwickHeightList`.
protocol HeightBaseline {
    /// A list of `rows`, estimated at `estimate` unless a spec carries a measured height, at the top.
    init(rows: [RowSpec], estimate: Double, viewportHeight: Double)
    var count: Int { get }
    /// The total height, kept up to date by every change (reading it is O(1)).
    var contentHeight: Double { get }
    var scrollOffset: Double { get }
    var anchorID: Int64 { get }
    func id(at position: Int) -> Int64
    func offset(ofRow position: Int) -> Double
    func row(atOffset y: Double) -> (index: Int, offsetInRow: Double)
    mutating func scroll(toOffset offset: Double)
    mutating func setMeasuredHeight(_ height: Double, for id: Int64)
    /// Every estimated row of `kind` takes the new estimate; the anchor is corrected.
    mutating func setEstimate(_ height: Double, for kind: RowKind)
    /// Deletes by id (before state), then inserts at after-state indices, ascending.
    mutating func apply(deletes: [Int64], inserts: [(id: Int64, kind: RowKind, index: Int)])
}

/// The engine's rule for the viewport's top inside the anchor row after a change
/// (`TableLayout`): where it was, unless the row shrank past it; then the row's end stays where
/// it was on screen if it was in the viewport, else the row's top goes to the viewport's top.
/// Written again here, from the rule, so the baselines check the engine rather than copy it.
///
/// - Parameters: `offsetInRow`, the anchor's offset in its row; `oldHeight`, the row's height
///   before the change (nil if the anchor row was not kept); `height`, its height now.
/// - Complexity: O(1).
func anchoredOffsetInRow(_ offsetInRow: Double, oldHeight: Double?, height: Double, viewportHeight: Double) -> Double {
    guard let oldHeight, offsetInRow < oldHeight, offsetInRow >= height else { return offsetInRow }
    let endOnScreen = oldHeight - offsetInRow
    return endOnScreen <= viewportHeight ? height - endOnScreen : 0
}
