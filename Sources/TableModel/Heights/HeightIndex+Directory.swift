extension HeightIndex {
    /// Tree work a query that finds the directory invalid is charged, per level it descends,
    /// in the units of `LeafDirectory.rebuildCost` (one leaf or block of the rebuild): a
    /// level's cache misses cost roughly what eight rebuild steps do.
    static let staleQueryCostPerLevel = 8

    /// The leaves in row order with their summaries.
    ///
    /// - Complexity: O(leaves).
    func leavesInRowOrder() -> [(leaf: Int32, summary: HeightSummary)] {
        guard depth > 0 else { return [(root, summary)] }
        var nodes = [root]
        for _ in 1..<depth {
            nodes = nodes.flatMap { node in (firstSlot(of: node)..<firstSlot(of: node) + childCount(of: node)).map { innerChildren[$0] } }
        }
        var leaves: [(leaf: Int32, summary: HeightSummary)] = []
        leaves.reserveCapacity(count / (leafCapacity / 2) + 1)
        for node in nodes {
            for slot in firstSlot(of: node)..<firstSlot(of: node) + childCount(of: node) {
                leaves.append((innerChildren[slot], innerSummaries[slot]))
            }
        }
        return leaves
    }

    /// Rebuilds the directory from the tree.
    ///
    /// - Complexity: O(leaves + rows / block size).
    mutating func rebuildDirectory() {
        directory.rebuild(leaves: leavesInRowOrder(), leafSlots: leafCounts.count)
    }

    /// Whether the directory can answer now: true when valid; otherwise charges this query's
    /// tree descent and rebuilds once the charges reach a rebuild's cost.
    ///
    /// - Complexity: O(1), or the rebuild's O(leaves + rows / block size), at most once per
    ///   that much charged tree work.
    @inline(__always)
    mutating func directoryIsReady() -> Bool {
        if directory.isValid { return true }
        directory.staleWork += (depth + 1) * HeightIndex.staleQueryCostPerLevel
        guard directory.staleWork >= directory.rebuildCost(rowCount: count, leafCount: leafCounts.count) else {
            return false
        }
        rebuildDirectory()
        return true
    }
}
