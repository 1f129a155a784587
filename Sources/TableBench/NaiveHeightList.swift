import TableModel

/// The reference the engine is measured against: plain arrays, every query a linear scan
/// or prefix sum, the way a table without a height index works. Scroll position is kept as
/// the same (row id, offset in row) anchor, re-derived with linear sums after each change.
struct NaiveHeightList {
    var ids: [Int64]
    var kinds: [RowKind]
    var heights: [Double]
    var measured: [Bool]
    var estimates: [Double]
    var viewportHeight: Double
    var anchorID: Int64
    var anchorOffsetInRow: Double = 0
    private(set) var scrollOffset: Double = 0

    init(rows: [RowSpec], estimate: Double, viewportHeight: Double) {
        ids = rows.map(\.id.rawValue)
        kinds = rows.map(\.kind)
        heights = Array(repeating: estimate, count: rows.count)
        measured = Array(repeating: false, count: rows.count)
        estimates = Array(repeating: estimate, count: RowKind.allCases.count)
        self.viewportHeight = viewportHeight
        anchorID = ids.first ?? 0
    }

    func index(of id: Int64) -> Int? { ids.firstIndex(of: id) }

    func offset(ofRow index: Int) -> Double {
        var offset = 0.0
        for row in 0..<index { offset += heights[row] }
        return offset
    }

    var contentHeight: Double { offset(ofRow: heights.count) }

    func row(atOffset y: Double) -> (index: Int, offsetInRow: Double) {
        var top = 0.0
        for row in 0..<heights.count - 1 {
            if y < top + heights[row] { return (row, y - top) }
            top += heights[row]
        }
        return (heights.count - 1, y - top)
    }

    mutating func scroll(toOffset offset: Double) {
        scrollOffset = min(max(0, offset), max(0, contentHeight - viewportHeight))
        let hit = row(atOffset: scrollOffset)
        anchorID = ids[hit.index]
        anchorOffsetInRow = hit.offsetInRow
    }

    mutating func setMeasuredHeight(_ height: Double, for id: Int64) {
        let row = index(of: id)!
        heights[row] = height
        measured[row] = true
        correctScroll()
    }

    /// Every estimated row of `kind` takes the new estimate; the anchor is corrected.
    mutating func setEstimate(_ height: Double, for kind: RowKind) {
        estimates[Int(kind.rawValue)] = height
        for row in heights.indices where !measured[row] && kinds[row] == kind { heights[row] = height }
        correctScroll()
    }

    /// Deletes by id (before state), then inserts at after-state indices in ascending order.
    mutating func apply(deletes: [Int64], inserts: [(id: Int64, kind: RowKind, index: Int)]) {
        for id in deletes {
            let row = index(of: id)!
            ids.remove(at: row)
            kinds.remove(at: row)
            heights.remove(at: row)
            measured.remove(at: row)
        }
        for insert in inserts.sorted(by: { $0.index < $1.index }) {
            ids.insert(insert.id, at: insert.index)
            kinds.insert(insert.kind, at: insert.index)
            heights.insert(estimates[Int(insert.kind.rawValue)], at: insert.index)
            measured.insert(false, at: insert.index)
        }
        correctScroll()
    }

    private mutating func correctScroll() {
        scroll(toOffset: offset(ofRow: index(of: anchorID)!) + anchorOffsetInRow)
    }
}
