extension HeightIndex {
    /// Inserts `row` so that it becomes row `index` (`0...count`). Its id must be new.
    ///
    /// - Complexity: O(log n · (branchCapacity + leafCapacity)), amortised over locator rebuilds.
    mutating func insert(_ row: RowRecord, at index: Int) {
        precondition(index >= 0 && index <= count, "height index: insert position \(index) out of 0...\(count)")
        if locator.needsRebuild(adding: 1) { rebuildLocator(rowCount: count + 1) }
        directory.invalidate()
        var (leaf, slot) = locate(index: index)
        if Int(leafCounts[Int(leaf)]) == leafCapacity {
            makeRoom(in: leaf)
            // Both leaves that can now hold `index` have room after a share or a split.
            (leaf, slot) = locate(index: index)
        }
        let start = base(of: leaf)
        let rows = Int(leafCounts[Int(leaf)])
        precondition(rows < leafCapacity, "height index: no room in leaf \(leaf)")
        for position in stride(from: start + rows, to: start + slot, by: -1) { copyRow(from: position - 1, to: position) }
        write(row, leaf: leaf, slot: slot)
        leafCounts[Int(leaf)] += 1
        locator.insert(row.id, leaf: leaf)
        if row.state.hasHeightOfRecord { estimates.add(row.units, kind: row.kind) }
        propagate(HeightSummary(row), fromLeaf: leaf, slot: slot)
    }

    /// Removes row `index` and returns it.
    ///
    /// - Complexity: O(log n · (branchCapacity + leafCapacity)).
    @discardableResult
    mutating func remove(at index: Int) -> RowRecord {
        precondition(index >= 0 && index < count, "height index: row \(index) out of 0..<\(count)")
        directory.invalidate()
        let (leaf, slot) = locate(index: index)
        let row = record(leaf: leaf, slot: slot)
        let start = base(of: leaf)
        let rows = Int(leafCounts[Int(leaf)])
        for position in start + slot..<start + rows - 1 { copyRow(from: position + 1, to: position) }
        leafCounts[Int(leaf)] -= 1
        locator.remove(row.id, from: leaf)
        if row.state.hasHeightOfRecord { estimates.remove(row.units, kind: row.kind) }
        propagate(-HeightSummary(row), fromLeaf: leaf, slot: slot)
        rebalanceLeaf(leaf)
        return row
    }

    /// Moves row `source` so that it becomes row `destination`, keeping its height and state.
    /// Both indices are in `0..<count`.
    ///
    /// - Complexity: O(log n · (branchCapacity + leafCapacity)).
    mutating func move(from source: Int, to destination: Int) {
        guard source != destination else { return }
        let row = remove(at: source)
        insert(row, at: destination)
    }

    /// Removes the rows in `range` and inserts `newRows` (estimated) in their place.
    ///
    /// - Complexity: O((range.count + newRows.count) · log n · (branchCapacity + leafCapacity)).
    mutating func splice(_ range: Range<Int>, with newRows: [(id: Int64, kind: RowKind)]) {
        for _ in range { remove(at: range.lowerBound) }
        for (offset, row) in newRows.enumerated() {
            insert(.estimated(id: row.id, kind: row.kind), at: range.lowerBound + offset)
        }
    }

    /// Rebuilds the locator from the leaves, sized for `rowCount` rows.
    ///
    /// - Complexity: O(n).
    private mutating func rebuildLocator(rowCount: Int) {
        var rebuilt = RowLocator(rowCount: rowCount)
        for leaf in 0..<leafCounts.count {
            let start = leaf * leafCapacity
            for position in start..<start + Int(leafCounts[leaf]) {
                rebuilt.insert(ids[position], leaf: Int32(leaf))
            }
        }
        locator = rebuilt
    }
}
