import TableModel

/// The simplest reference: plain arrays, every query a linear scan or prefix sum, the way a
/// table without a height index works (react-window's offset cache after
/// `resetAfterIndex(0)`). Only the total height is kept up to date, so reading it is O(1) as
/// in the engine. Scroll position is kept as the same (row id, offset in row) anchor,
/// re-derived with linear sums after each change.
struct NaiveHeightList: HeightBaseline {
    private(set) var ids: [Int64]
    private var kinds: [RowKind]
    private var heights: [Double]
    private var measured: [Bool]
    private var estimates: [Double]
    let viewportHeight: Double
    private(set) var contentHeight: Double
    private(set) var anchorID: Int64
    private var anchorOffsetInRow: Double = 0
    private(set) var scrollOffset: Double = 0

    /// - Complexity: O(n).
    init(rows: [RowSpec], estimate: Double, viewportHeight: Double) {
        ids = rows.map(\.id.rawValue)
        kinds = rows.map(\.kind)
        heights = rows.map { $0.measuredHeight ?? estimate }
        measured = rows.map { $0.measuredHeight != nil }
        estimates = Array(repeating: estimate, count: RowKind.allCases.count)
        contentHeight = heights.reduce(0, +)
        self.viewportHeight = viewportHeight
        anchorID = ids.first ?? 0
    }

    var count: Int { ids.count }

    func id(at position: Int) -> Int64 { ids[position] }

    /// - Complexity: O(n), a linear search.
    func index(of id: Int64) -> Int? { ids.firstIndex(of: id) }

    /// - Complexity: O(position), a prefix sum.
    func offset(ofRow index: Int) -> Double {
        var offset = 0.0
        for row in 0..<index { offset += heights[row] }
        return offset
    }

    /// The row covering `y` (clamped to `0...contentHeight`); the end hits the last row.
    ///
    /// - Complexity: O(n), a linear scan.
    func row(atOffset y: Double) -> (index: Int, offsetInRow: Double) {
        let clamped = min(max(0, y), contentHeight)
        var top = 0.0
        for row in 0..<heights.count - 1 {
            if clamped < top + heights[row] { return (row, clamped - top) }
            top += heights[row]
        }
        return (heights.count - 1, clamped - top)
    }

    mutating func scroll(toOffset offset: Double) {
        scrollOffset = min(max(0, offset), max(0, contentHeight - viewportHeight))
        guard !ids.isEmpty else { return }
        let hit = row(atOffset: scrollOffset)
        anchorID = ids[hit.index]
        anchorOffsetInRow = hit.offsetInRow
    }

    mutating func setMeasuredHeight(_ height: Double, for id: Int64) {
        guard let row = index(of: id) else { return }
        let wasAtTop = scrollOffset == 0
        let anchorHeight = anchorRowHeight
        contentHeight += height - heights[row]
        heights[row] = height
        measured[row] = true
        correctScroll(wasAtTop: wasAtTop, anchorHeight: anchorHeight)
    }

    mutating func setEstimate(_ height: Double, for kind: RowKind) {
        let wasAtTop = scrollOffset == 0
        let anchorHeight = anchorRowHeight
        estimates[Int(kind.rawValue)] = height
        var total = 0.0
        for row in heights.indices {
            if !measured[row] && kinds[row] == kind { heights[row] = height }
            total += heights[row]
        }
        contentHeight = total
        correctScroll(wasAtTop: wasAtTop, anchorHeight: anchorHeight)
    }

    mutating func apply(deletes: [Int64], inserts: [(id: Int64, kind: RowKind, index: Int)]) {
        let wasAtTop = scrollOffset == 0
        let anchorHeight = anchorRowHeight
        for id in deletes {
            guard let row = index(of: id) else { continue }
            contentHeight -= heights[row]
            ids.remove(at: row)
            kinds.remove(at: row)
            heights.remove(at: row)
            measured.remove(at: row)
        }
        for insert in inserts.sorted(by: { $0.index < $1.index }) {
            let height = estimates[Int(insert.kind.rawValue)]
            contentHeight += height
            ids.insert(insert.id, at: insert.index)
            kinds.insert(insert.kind, at: insert.index)
            heights.insert(height, at: insert.index)
            measured.insert(false, at: insert.index)
        }
        correctScroll(wasAtTop: wasAtTop, anchorHeight: anchorHeight)
    }

    /// The anchor row's height now (before a change: what `correctScroll` needs).
    private var anchorRowHeight: Double? { index(of: anchorID).map { heights[$0] } }

    /// At the top: stay there. Otherwise the anchor row keeps its screen position, clamped
    /// into the row if it shrank past the anchor (`anchoredOffsetInRow`).
    private mutating func correctScroll(wasAtTop: Bool, anchorHeight: Double?) {
        guard !wasAtTop, let row = index(of: anchorID) else {
            scroll(toOffset: wasAtTop ? 0 : scrollOffset)
            return
        }
        let inRow = anchoredOffsetInRow(anchorOffsetInRow, oldHeight: anchorHeight, height: heights[row], viewportHeight: viewportHeight)
        scroll(toOffset: offset(ofRow: row) + inRow)
    }
}
