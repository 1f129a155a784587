extension HeightIndex {
    /// Leaf and slot of the row at `index`; `index == count` gives the slot after the last row.
    ///
    /// - Complexity: O(log n · branchCapacity).
    func locate(index: Int) -> (leaf: Int32, slot: Int) {
        var node = root
        var remaining = index
        for _ in 0..<depth {
            var slot = firstSlot(of: node)
            let last = slot + childCount(of: node) - 1
            while slot < last, remaining >= innerSummaries[slot].rows {
                remaining -= innerSummaries[slot].rows
                slot += 1
            }
            node = innerChildren[slot]
        }
        return (node, remaining)
    }

    /// Leaf and slot of the row with `id`, or nil.
    ///
    /// - Complexity: O(leafCapacity) expected.
    func find(_ id: Int64) -> (leaf: Int32, slot: Int)? {
        var found: (leaf: Int32, slot: Int)?
        _ = locator.leaf(of: id) { leaf in
            found = slot(of: id, in: leaf).map { (leaf, $0) }
            return found != nil
        }
        return found
    }

    /// Whether `leaf` holds the row with `id`.
    ///
    /// - Complexity: O(leafCapacity).
    func contains(_ id: Int64, inLeaf leaf: Int32) -> Bool { slot(of: id, in: leaf) != nil }

    @inline(__always)
    private func slot(of id: Int64, in leaf: Int32) -> Int? {
        let start = base(of: leaf)
        for slot in 0..<Int(leafCounts[Int(leaf)]) where ids[start + slot] == id { return slot }
        return nil
    }

    /// Index and top offset (in `HeightUnits`) of the row in `slot` of `leaf`, from parent links.
    ///
    /// - Complexity: O(log n · branchCapacity).
    func position(leaf: Int32, slot: Int) -> (index: Int, offset: Int64) {
        let index = slot
        var offset: Int64 = 0
        for before in 0..<slot { offset += rowUnits(leaf: leaf, slot: before) }
        var before = HeightSummary.zero
        var child = leaf
        var parent = leafParents[Int(leaf)]
        while parent != HeightIndex.noParent {
            var slot = firstSlot(of: parent)
            while innerChildren[slot] != child {
                before += innerSummaries[slot]
                slot += 1
            }
            child = parent
            parent = innerParents[Int(parent)]
        }
        return (index + before.rows, offset + before.units(at: estimates.current))
    }

    /// Record of the row at `index`.
    ///
    /// - Complexity: O(log n · branchCapacity).
    func record(at index: Int) -> RowRecord {
        let (leaf, slot) = locate(index: index)
        return record(leaf: leaf, slot: slot)
    }

    /// Top of row `index` in `HeightUnits`; `index == count` gives the total height.
    ///
    /// - Complexity: O(log n · branchCapacity).
    func offsetUnits(ofRow index: Int) -> Int64 {
        var node = root
        var remaining = index
        var before = HeightSummary.zero
        for _ in 0..<depth {
            var slot = firstSlot(of: node)
            let last = slot + childCount(of: node) - 1
            while slot < last, remaining >= innerSummaries[slot].rows {
                remaining -= innerSummaries[slot].rows
                before += innerSummaries[slot]
                slot += 1
            }
            node = innerChildren[slot]
        }
        var offset = before.units(at: estimates.current)
        for slot in 0..<remaining { offset += rowUnits(leaf: node, slot: slot) }
        return offset
    }

    /// The row covering offset `y` (in `HeightUnits`): the first row whose bottom is below `y`,
    /// so zero-height rows are never hit; the last row when `y` is at or past the end.
    /// Returns the row's index, top offset, leaf and slot, or nil when the index is empty.
    ///
    /// - Complexity: O(log n · branchCapacity).
    func row(atOffset y: Int64) -> (index: Int, top: Int64, leaf: Int32, slot: Int)? {
        guard count > 0 else { return nil }
        var node = root
        var index = 0
        var top: Int64 = 0
        for _ in 0..<depth {
            var slot = firstSlot(of: node)
            let last = slot + childCount(of: node) - 1
            while slot < last {
                let height = innerSummaries[slot].units(at: estimates.current)
                if y < top + height { break }
                top += height
                index += innerSummaries[slot].rows
                slot += 1
            }
            node = innerChildren[slot]
        }
        let rows = Int(leafCounts[Int(node)])
        var slot = 0
        while slot < rows - 1 {
            let height = rowUnits(leaf: node, slot: slot)
            if y < top + height { break }
            top += height
            slot += 1
        }
        return (index + slot, top, node, slot)
    }

    /// Number of rows of `kind` among the first `end` rows.
    ///
    /// - Complexity: O(log n · branchCapacity).
    func countOfKind(_ kind: RowKind, before end: Int) -> Int {
        let lane = Int(kind.rawValue)
        var node = root
        var remaining = end
        var found = 0
        for _ in 0..<depth {
            var slot = firstSlot(of: node)
            let last = slot + childCount(of: node) - 1
            while slot < last, remaining >= innerSummaries[slot].rows {
                remaining -= innerSummaries[slot].rows
                found += Int(innerSummaries[slot].kindCounts[lane])
                slot += 1
            }
            node = innerChildren[slot]
        }
        let start = base(of: node)
        for slot in 0..<remaining where flags[start + slot] & RowRecord.kindMask == kind.rawValue { found += 1 }
        return found
    }

    /// Index of the `ordinal`-th row of `kind` (0-based), or nil if there are not that many.
    ///
    /// - Complexity: O(log n · branchCapacity).
    func indexOfKind(_ kind: RowKind, ordinal: Int) -> Int? {
        let lane = Int(kind.rawValue)
        guard ordinal >= 0, ordinal < Int(summary.kindCounts[lane]) else { return nil }
        var node = root
        var remaining = ordinal
        var index = 0
        for _ in 0..<depth {
            var slot = firstSlot(of: node)
            while remaining >= Int(innerSummaries[slot].kindCounts[lane]) {
                remaining -= Int(innerSummaries[slot].kindCounts[lane])
                index += innerSummaries[slot].rows
                slot += 1
            }
            node = innerChildren[slot]
        }
        let start = base(of: node)
        var slot = 0
        while true {
            if flags[start + slot] & RowRecord.kindMask == kind.rawValue {
                if remaining == 0 { return index + slot }
                remaining -= 1
            }
            slot += 1
        }
    }

    /// Calls `body` with each row from `index` on, in order, until it returns false.
    ///
    /// - Complexity: O(log n · branchCapacity + rows visited).
    func forEachRow(from index: Int, _ body: (RowRecord) -> Bool) {
        guard index < count else { return }
        var (leaf, slot) = locate(index: index)
        while true {
            while slot < Int(leafCounts[Int(leaf)]) {
                if !body(record(leaf: leaf, slot: slot)) { return }
                slot += 1
            }
            guard let next = self.leaf(after: leaf) else { return }
            leaf = next
            slot = 0
        }
    }

    /// The leaf after `leaf` in row order, or nil for the last one.
    ///
    /// - Complexity: O(log n · branchCapacity).
    private func leaf(after leaf: Int32) -> Int32? {
        var child = leaf
        var level = 0
        var parent = leafParents[Int(leaf)]
        while parent != HeightIndex.noParent {
            let slot = childSlot(of: child, in: parent)
            if slot + 1 < firstSlot(of: parent) + childCount(of: parent) {
                var node = innerChildren[slot + 1]
                while level > 0 {
                    node = innerChildren[firstSlot(of: node)]
                    level -= 1
                }
                return node
            }
            child = parent
            parent = innerParents[Int(parent)]
            level += 1
        }
        return nil
    }
}
