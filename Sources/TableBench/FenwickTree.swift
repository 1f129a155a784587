/// A Fenwick (binary indexed) tree of row heights: prefix sums and "which row covers y" in
/// O(log n), a point update in O(log n), a rebuild from the heights in O(n). It cannot insert
/// or remove a row in the middle: a caller rebuilds it after a splice.
///
/// Internally 1-based: `nodes[i]` holds the sum of the `i & -i` heights ending at row `i - 1`.
struct FenwickTree {
    private(set) var nodes: [Double]
    /// The largest power of two not above `count`, where the descent in `row(covering:)` starts.
    private var topStep: Int

    /// - Complexity: O(n).
    init(heights: [Double]) {
        nodes = []
        topStep = 0
        rebuild(heights)
    }

    var count: Int { nodes.count - 1 }

    /// Replaces every height.
    ///
    /// - Complexity: O(n), one pass that adds each node into its parent.
    mutating func rebuild(_ heights: [Double]) {
        nodes.removeAll(keepingCapacity: true)
        nodes.reserveCapacity(heights.count + 1)
        nodes.append(0)
        nodes.append(contentsOf: heights)
        let count = heights.count
        for node in stride(from: 1, through: count, by: 1) {
            let parent = node + (node & -node)
            if parent <= count { nodes[parent] += nodes[node] }
        }
        topStep = count == 0 ? 0 : 1 << (Int.bitWidth - 1 - count.leadingZeroBitCount)
    }

    /// Adds `delta` to the height of `row`.
    ///
    /// - Complexity: O(log n).
    mutating func add(_ delta: Double, at row: Int) {
        var node = row + 1
        let count = self.count
        while node <= count {
            nodes[node] += delta
            node += node & -node
        }
    }

    /// The sum of the heights of rows `0..<rows`: the top of row `rows`.
    ///
    /// - Complexity: O(log n).
    func prefixSum(_ rows: Int) -> Double {
        var sum = 0.0
        var node = rows
        while node > 0 {
            sum += nodes[node]
            node -= node & -node
        }
        return sum
    }

    /// The number of leading rows whose bottom is at or above `y` (so the row covering `y` when
    /// that is below `count`; zero-height rows are skipped), and `y` minus their total height.
    ///
    /// - Complexity: O(log n), one root-to-leaf descent.
    func rowsEnding(atOrAbove y: Double) -> (rows: Int, remainder: Double) {
        var position = 0
        var remainder = y
        var step = topStep
        let count = self.count
        while step > 0 {
            let next = position + step
            if next <= count, nodes[next] <= remainder {
                position = next
                remainder -= nodes[next]
            }
            step >>= 1
        }
        return (position, remainder)
    }
}
