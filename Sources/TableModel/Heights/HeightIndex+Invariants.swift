extension HeightIndex {
    /// Walks the whole index and traps if any invariant listed on `HeightIndex` is broken.
    ///
    /// - Complexity: O(n).
    func _checkInvariants() {
        var seen = Set<Int64>(minimumCapacity: count)
        var knownSums = SIMD8<Int64>.zero
        var knownCounts = SIMD8<Int64>.zero
        let rootSummary = checkSubtree(
            root, onLevel: depth, parent: HeightIndex.noParent,
            seen: &seen, knownSums: &knownSums, knownCounts: &knownCounts)
        precondition(rootSummary == summary, "height index: total \(summary) != recomputed \(rootSummary)")
        precondition(seen.count == count, "height index: \(seen.count) ids for \(count) rows")
        precondition(locator.liveCount == count, "height index: locator has \(locator.liveCount) entries for \(count) rows")
        precondition(estimates.knownSums == knownSums && estimates.knownCounts == knownCounts,
                     "height index: estimate statistics out of date")
        if depth > 0 { precondition(childCount(of: root) >= 2, "height index: root has one child") }
        for leaf in freeLeaves { precondition(leafCounts[Int(leaf)] == 0, "height index: free leaf \(leaf) holds rows") }
        for node in freeInners { precondition(innerCounts[Int(node)] == 0, "height index: free node \(node) has children") }
        if directory.isValid {
            var rebuilt = self
            rebuilt.rebuildDirectory()
            let expected = rebuilt.directory
            precondition(directory.startOfLeaf == expected.startOfLeaf && directory.blocks == expected.blocks,
                         "height index: leaf directory does not match the row order")
            precondition(directory.blockBefore == expected.blockBefore && directory.groupSums == expected.groupSums,
                         "height index: leaf directory's sums are out of date")
            checkBlockTops()
        }
    }

    /// Every current block of the directory's `BlockTops` holds its rows' exact tops and, in
    /// its first entry, the exact height of its group before it; the cache has one top per row
    /// and one stamp per block.
    ///
    /// - Complexity: O(n).
    private func checkBlockTops() {
        let tops = directory.tops
        let blocks = directory.blockCount(rowCount: count)
        let groups = (blocks + BlockTops.groupBlocks - 1) >> LeafDirectory.groupShift
        precondition(tops.tops.count == count && tops.blockStamps.count == blocks && tops.groupStamps.count == groups,
                     "height index: block tops sized for \(tops.tops.count) rows, \(tops.blockStamps.count) blocks")
        for block in 0..<blocks where tops.isGroupCurrent(block: block, generation: estimates.generation) {
            precondition(tops.isCurrent(block: block, generation: estimates.generation),
                         "height index: block \(block) of a current group is stale")
        }
        // The top of every row, from the rows in order.
        var rowTops: [Int64] = [0]
        rowTops.reserveCapacity(count + 1)
        forEachRow(from: 0) { row in
            rowTops.append(rowTops.last! + Int64(row.units) + estimates.addendByFlags[Int(row.packedFlags)])
            return true
        }
        for block in 0..<blocks where tops.isCurrent(block: block, generation: estimates.generation) {
            let first = block &<< directory.blockShift
            let groupFirst = ((block &>> LeafDirectory.groupShift) &<< LeafDirectory.groupShift) &<< directory.blockShift
            precondition(Int64(tops.top(ofRow: first)) == rowTops[first] - rowTops[groupFirst],
                         "height index: block tops of block \(block) out of date for its group")
            for index in first + 1..<min(first + (1 &<< directory.blockShift), count) {
                precondition(Int64(tops.top(ofRow: index)) == rowTops[index] - rowTops[first],
                             "height index: block tops of block \(block) out of date at row \(index)")
            }
        }
    }

    private func checkSubtree(
        _ node: Int32, onLevel level: Int, parent: Int32,
        seen: inout Set<Int64>, knownSums: inout SIMD8<Int64>, knownCounts: inout SIMD8<Int64>
    ) -> HeightSummary {
        precondition(self.parent(of: node, onLevel: level) == parent,
                     "height index: node \(node) on level \(level) has a wrong parent link")
        let isRoot = parent == HeightIndex.noParent
        if level == 0 {
            let rows = Int(leafCounts[Int(node)])
            precondition(rows <= leafCapacity && (isRoot || rows >= leafCapacity / 2),
                         "height index: leaf \(node) holds \(rows) rows")
            for slot in 0..<rows {
                let row = record(leaf: node, slot: slot)
                precondition(seen.insert(row.id).inserted, "height index: duplicate id \(row.id)")
                precondition(row.state.hasHeightOfRecord || units[base(of: node) + slot] == 0,
                             "height index: estimated row \(row.id) stores a height")
                precondition(locator.leaf(of: row.id, isInLeaf: { $0 == node }) == node,
                             "height index: locator does not place \(row.id) in leaf \(node)")
                if row.state.hasHeightOfRecord {
                    knownSums[Int(row.kind.rawValue)] += Int64(row.units)
                    knownCounts[Int(row.kind.rawValue)] += 1
                }
            }
            return leafSummary(node)
        }
        let children = childCount(of: node)
        precondition(children <= branchCapacity && (isRoot || children >= branchCapacity / 2),
                     "height index: node \(node) has \(children) children")
        var result = HeightSummary.zero
        for slot in firstSlot(of: node)..<firstSlot(of: node) + children {
            let child = innerChildren[slot]
            let stored = innerSummaries[slot]
            let actual = checkSubtree(
                child, onLevel: level - 1, parent: node,
                seen: &seen, knownSums: &knownSums, knownCounts: &knownCounts)
            precondition(actual == stored, "height index: stale summary for child \(child) of node \(node)")
            precondition(!hasUnpricedPrefixes(node: node)
                         || (Int(innerRowsBefore[slot]) == result.rows && innerKnownBefore[slot] == result.knownUnits
                             && innerEstimatedBefore[slot] == result.estimatedCounts),
                         "height index: prefix cache of node \(node) is out of date at child \(child)")
            precondition(!hasCurrentPrefixes(node: node) || innerUnitsBefore[slot] == result.units(at: estimates.current),
                         "height index: priced prefix of node \(node) is out of date at child \(child)")
            result += actual
        }
        return result
    }
}
