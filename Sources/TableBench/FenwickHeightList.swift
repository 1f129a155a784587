import TableModel

/// The competent baseline: an id → index dictionary plus a Fenwick tree of heights, the
/// structure a careful engineer would reach for first. Point changes and queries are
/// O(log n); a splice (insert or delete in the middle) rebuilds what it must: the arrays,
/// the tree and the dictionary entries of every row after the first changed index, O(n).
///
/// Estimated rows are stored at their kind's estimate, so changing an estimate rewrites those
/// rows and rebuilds the tree, O(n). It keeps a fixed estimate per kind: unlike the engine it
/// does not learn estimates from measured rows (learning would make every measurement O(n)
/// here), so on `set-height` it does strictly less work than the engine.
///
/// Scrolling follows the engine's rules (`TableLayout`): a (row id, offset in row) anchor,
/// the offset re-derived from it after each change unless the list was at the top, clamped to
/// `0...contentHeight - viewportHeight`, and the anchor re-derived from the clamped offset.
struct FenwickHeightList: HeightBaseline {
    private(set) var ids: [Int64]
    private var kinds: [RowKind]
    private var heights: [Double]
    private var measured: [Bool]
    private var estimates: [Double]
    private var indexByID: [Int64: Int]
    private var tree: FenwickTree
    private(set) var contentHeight: Double
    let viewportHeight: Double
    private(set) var anchorID: Int64
    private var anchorOffsetInRow = 0.0
    private(set) var scrollOffset = 0.0

    /// - Complexity: O(n).
    init(rows: [RowSpec], estimate: Double, viewportHeight: Double) {
        ids = rows.map(\.id.rawValue)
        kinds = rows.map(\.kind)
        estimates = Array(repeating: estimate, count: RowKind.allCases.count)
        heights = rows.map { $0.measuredHeight ?? estimate }
        measured = rows.map { $0.measuredHeight != nil }
        indexByID = Dictionary(uniqueKeysWithValues: zip(ids, ids.indices))
        tree = FenwickTree(heights: heights)
        contentHeight = tree.prefixSum(heights.count)
        self.viewportHeight = viewportHeight
        anchorID = ids.first ?? 0
    }

    var count: Int { ids.count }

    /// - Complexity: O(1).
    func id(at position: Int) -> Int64 { ids[position] }

    /// - Complexity: O(1) expected.
    func index(of id: Int64) -> Int? { indexByID[id] }

    /// - Complexity: O(log n).
    func offset(ofRow position: Int) -> Double { tree.prefixSum(position) }

    /// The row covering `y` (clamped to `0...contentHeight`); the end hits the last row.
    ///
    /// - Complexity: O(log n).
    func row(atOffset y: Double) -> (index: Int, offsetInRow: Double) {
        let clamped = min(max(0, y), contentHeight)
        let hit = tree.rowsEnding(atOrAbove: clamped)
        guard hit.rows >= count else { return (hit.rows, hit.remainder) }
        let last = count - 1
        return (last, clamped - tree.prefixSum(last))
    }

    /// - Complexity: O(log n).
    mutating func scroll(toOffset offset: Double) {
        scrollOffset = min(max(0, offset), max(0, contentHeight - viewportHeight))
        guard count > 0 else { return }
        let hit = row(atOffset: scrollOffset)
        anchorID = ids[hit.index]
        anchorOffsetInRow = hit.offsetInRow
    }

    /// - Complexity: O(log n): one dictionary look-up, one tree update, the anchor restored.
    mutating func setMeasuredHeight(_ height: Double, for id: Int64) {
        guard let row = indexByID[id] else { return }
        let wasAtTop = scrollOffset == 0
        let anchorHeight = anchorRowHeight
        let delta = height - heights[row]
        heights[row] = height
        measured[row] = true
        tree.add(delta, at: row)
        contentHeight += delta
        restoreScroll(wasAtTop: wasAtTop, anchorHeight: anchorHeight)
    }

    /// Every estimated row of `kind` takes the new estimate; the tree is rebuilt.
    ///
    /// - Complexity: O(n).
    mutating func setEstimate(_ height: Double, for kind: RowKind) {
        let wasAtTop = scrollOffset == 0
        let anchorHeight = anchorRowHeight
        estimates[Int(kind.rawValue)] = height
        for row in heights.indices where !measured[row] && kinds[row] == kind { heights[row] = height }
        rebuildTree()
        restoreScroll(wasAtTop: wasAtTop, anchorHeight: anchorHeight)
    }

    /// Deletes by id (before state), then inserts at after-state indices, in one merge pass;
    /// then rebuilds the tree and re-indexes every row from the first changed index on. A
    /// deleted anchor keeps the old scroll offset (the bench never deletes it).
    ///
    /// - Complexity: O(n + k log k) for k changes.
    mutating func apply(deletes: [Int64], inserts: [(id: Int64, kind: RowKind, index: Int)]) {
        let wasAtTop = scrollOffset == 0
        let anchorHeight = anchorRowHeight
        var deleted = [Bool](repeating: false, count: count)
        var firstChange = count
        for id in deletes {
            guard let row = indexByID.removeValue(forKey: id) else { continue }
            deleted[row] = true
            firstChange = min(firstChange, row)
        }
        let sortedInserts = inserts.sorted { $0.index < $1.index }
        var newIDs: [Int64] = [], newKinds: [RowKind] = [], newHeights: [Double] = [], newMeasured: [Bool] = []
        let newCount = count - deletes.count + inserts.count
        newIDs.reserveCapacity(newCount)
        newKinds.reserveCapacity(newCount)
        newHeights.reserveCapacity(newCount)
        newMeasured.reserveCapacity(newCount)
        var nextInsert = 0
        func insertDue() {
            while nextInsert < sortedInserts.count, sortedInserts[nextInsert].index <= newIDs.count {
                let insert = sortedInserts[nextInsert]
                firstChange = min(firstChange, newIDs.count)
                newIDs.append(insert.id)
                newKinds.append(insert.kind)
                newHeights.append(estimates[Int(insert.kind.rawValue)])
                newMeasured.append(false)
                nextInsert += 1
            }
        }
        for row in ids.indices where !deleted[row] {
            insertDue()
            newIDs.append(ids[row])
            newKinds.append(kinds[row])
            newHeights.append(heights[row])
            newMeasured.append(measured[row])
        }
        insertDue()
        (ids, kinds, heights, measured) = (newIDs, newKinds, newHeights, newMeasured)
        for row in firstChange..<max(firstChange, ids.count) { indexByID[ids[row]] = row }
        rebuildTree()
        if indexByID[anchorID] == nil {
            scroll(toOffset: scrollOffset)
        } else {
            restoreScroll(wasAtTop: wasAtTop, anchorHeight: anchorHeight)
        }
    }

    private mutating func rebuildTree() {
        tree.rebuild(heights)
        contentHeight = tree.prefixSum(count)
    }

    /// The anchor row's height now (before a change: what `restoreScroll` needs).
    private var anchorRowHeight: Double? { indexByID[anchorID].map { heights[$0] } }

    /// At the top: stay there. Otherwise the anchor row keeps its screen position, clamped
    /// into the row if it shrank past the anchor (`anchoredOffsetInRow`).
    private mutating func restoreScroll(wasAtTop: Bool, anchorHeight: Double?) {
        guard !wasAtTop, let row = indexByID[anchorID] else {
            scroll(toOffset: wasAtTop ? 0 : scrollOffset)
            return
        }
        let inRow = anchoredOffsetInRow(anchorOffsetInRow, oldHeight: anchorHeight, height: heights[row], viewportHeight: viewportHeight)
        scroll(toOffset: tree.prefixSum(row) + inRow)
    }
}
