extension HeightIndex {
    // MARK: Allocation

    private mutating func allocateLeaf() -> Int32 {
        if let leaf = freeLeaves.popLast() { return leaf }
        let leaf = Int32(leafCounts.count)
        precondition(leaf < RowLocator.leafLimit, "height index: too many leaves")
        ids.append(contentsOf: repeatElement(0, count: leafCapacity))
        units.append(contentsOf: repeatElement(0, count: leafCapacity))
        flags.append(contentsOf: repeatElement(0, count: leafCapacity))
        leafCounts.append(0)
        leafParents.append(HeightIndex.noParent)
        return leaf
    }

    private mutating func freeLeaf(_ leaf: Int32) {
        leafCounts[Int(leaf)] = 0
        leafParents[Int(leaf)] = HeightIndex.noParent
        freeLeaves.append(leaf)
    }

    private mutating func allocateInner() -> Int32 {
        if let inner = freeInners.popLast() { return inner }
        inners.append(InnerNode())
        return Int32(inners.count - 1)
    }

    private mutating func freeInner(_ inner: Int32) {
        inners[Int(inner)] = InnerNode()
        freeInners.append(inner)
    }

    /// Copies `count` rows from `source` (from `sourceSlot`) into `target` at `targetSlot`,
    /// updating the locator. Leaf counts are the caller's business.
    private mutating func copyRows(
        _ count: Int, from source: Int32, at sourceSlot: Int, to target: Int32, at targetSlot: Int
    ) {
        let from = base(of: source) + sourceSlot
        let to = base(of: target) + targetSlot
        for offset in 0..<count {
            ids[to + offset] = ids[from + offset]
            units[to + offset] = units[from + offset]
            flags[to + offset] = flags[from + offset]
            if source != target { locator.relocate(ids[to + offset], from: source, to: target) }
        }
    }

    // MARK: Splitting

    /// Moves the upper half of a full `leaf` into a new leaf right after it; returns the new leaf.
    mutating func splitLeaf(_ leaf: Int32) -> Int32 {
        let right = allocateLeaf()
        let rows = Int(leafCounts[Int(leaf)])
        let keep = rows / 2
        copyRows(rows - keep, from: leaf, at: keep, to: right, at: 0)
        leafCounts[Int(leaf)] = Int32(keep)
        leafCounts[Int(right)] = Int32(rows - keep)
        insertSibling(right, summary: leafSummary(right), after: leaf, leftSummary: leafSummary(leaf), onLevel: 0)
        return right
    }

    /// Moves the upper half of an overfull inner node into a new node right after it.
    private mutating func splitInner(_ node: Int32, onLevel level: Int) {
        let right = allocateInner()
        let keep = inners[Int(node)].children.count / 2
        let movedChildren = inners[Int(node)].children[keep...]
        let movedSummaries = inners[Int(node)].summaries[keep...]
        inners[Int(right)].children = Array(movedChildren)
        inners[Int(right)].summaries = Array(movedSummaries)
        inners[Int(node)].children.removeSubrange(keep...)
        inners[Int(node)].summaries.removeSubrange(keep...)
        for child in inners[Int(right)].children { setParent(of: child, onLevel: level - 1, to: right) }
        insertSibling(
            right, summary: innerSummary(right), after: node, leftSummary: innerSummary(node), onLevel: level)
    }

    /// Hangs `node` into the tree right after `left` (both on `level`), growing a new root
    /// if `left` was the root and splitting the parent if it overflows.
    private mutating func insertSibling(
        _ node: Int32, summary nodeSummary: HeightSummary, after left: Int32,
        leftSummary: HeightSummary, onLevel level: Int
    ) {
        let parent = parent(of: left, onLevel: level)
        if parent == HeightIndex.noParent {
            let newRoot = allocateInner()
            inners[Int(newRoot)].children = [left, node]
            inners[Int(newRoot)].summaries = [leftSummary, nodeSummary]
            setParent(of: left, onLevel: level, to: newRoot)
            setParent(of: node, onLevel: level, to: newRoot)
            root = newRoot
            depth += 1
            return
        }
        let slot = position(of: left, in: parent)
        inners[Int(parent)].summaries[slot] = leftSummary
        inners[Int(parent)].children.insert(node, at: slot + 1)
        inners[Int(parent)].summaries.insert(nodeSummary, at: slot + 1)
        setParent(of: node, onLevel: level, to: parent)
        if inners[Int(parent)].children.count > branchCapacity { splitInner(parent, onLevel: level + 1) }
    }

    /// Sum of an inner node's child summaries.
    func innerSummary(_ node: Int32) -> HeightSummary {
        var result = HeightSummary.zero
        for child in inners[Int(node)].summaries { result += child }
        return result
    }

    // MARK: Merging

    /// Restores the minimum fill of `leaf` by merging with or borrowing from a sibling.
    mutating func rebalanceLeaf(_ leaf: Int32) {
        let parent = leafParents[Int(leaf)]
        guard parent != HeightIndex.noParent, Int(leafCounts[Int(leaf)]) < leafCapacity / 2 else { return }
        let slot = position(of: leaf, in: parent)
        let leftSlot = slot > 0 ? slot - 1 : slot
        let left = inners[Int(parent)].children[leftSlot]
        let right = inners[Int(parent)].children[leftSlot + 1]
        let leftRows = Int(leafCounts[Int(left)])
        let rightRows = Int(leafCounts[Int(right)])
        if leftRows + rightRows <= leafCapacity {
            copyRows(rightRows, from: right, at: 0, to: left, at: leftRows)
            leafCounts[Int(left)] = Int32(leftRows + rightRows)
            inners[Int(parent)].summaries[leftSlot] += inners[Int(parent)].summaries[leftSlot + 1]
            inners[Int(parent)].children.remove(at: leftSlot + 1)
            inners[Int(parent)].summaries.remove(at: leftSlot + 1)
            freeLeaf(right)
            rebalanceInner(parent, onLevel: 1)
            return
        }
        let leftTarget = (leftRows + rightRows) / 2
        if leftRows < leftTarget {
            let moving = leftTarget - leftRows
            copyRows(moving, from: right, at: 0, to: left, at: leftRows)
            copyRows(rightRows - moving, from: right, at: moving, to: right, at: 0)
        } else {
            let moving = leftRows - leftTarget
            shiftRowsUp(rightRows, in: right, by: moving)
            copyRows(moving, from: left, at: leftTarget, to: right, at: 0)
        }
        leafCounts[Int(left)] = Int32(leftTarget)
        leafCounts[Int(right)] = Int32(leftRows + rightRows - leftTarget)
        inners[Int(parent)].summaries[leftSlot] = leafSummary(left)
        inners[Int(parent)].summaries[leftSlot + 1] = leafSummary(right)
    }

    /// Moves the first `count` rows of `leaf` up by `distance` slots, last first.
    private mutating func shiftRowsUp(_ count: Int, in leaf: Int32, by distance: Int) {
        let start = base(of: leaf)
        for position in stride(from: start + count - 1, through: start, by: -1) {
            ids[position + distance] = ids[position]
            units[position + distance] = units[position]
            flags[position + distance] = flags[position]
        }
    }

    /// Restores the minimum fill of an inner node, or shortens the tree at the root.
    private mutating func rebalanceInner(_ node: Int32, onLevel level: Int) {
        let parent = inners[Int(node)].parent
        if parent == HeightIndex.noParent {
            if inners[Int(node)].children.count == 1 {
                let child = inners[Int(node)].children[0]
                setParent(of: child, onLevel: level - 1, to: HeightIndex.noParent)
                freeInner(node)
                root = child
                depth -= 1
            }
            return
        }
        guard inners[Int(node)].children.count < branchCapacity / 2 else { return }
        let slot = position(of: node, in: parent)
        let leftSlot = slot > 0 ? slot - 1 : slot
        let left = inners[Int(parent)].children[leftSlot]
        let right = inners[Int(parent)].children[leftSlot + 1]
        let leftCount = inners[Int(left)].children.count
        let rightCount = inners[Int(right)].children.count
        if leftCount + rightCount <= branchCapacity {
            for child in inners[Int(right)].children { setParent(of: child, onLevel: level - 1, to: left) }
            inners[Int(left)].children += inners[Int(right)].children
            inners[Int(left)].summaries += inners[Int(right)].summaries
            inners[Int(parent)].summaries[leftSlot] += inners[Int(parent)].summaries[leftSlot + 1]
            inners[Int(parent)].children.remove(at: leftSlot + 1)
            inners[Int(parent)].summaries.remove(at: leftSlot + 1)
            freeInner(right)
            rebalanceInner(parent, onLevel: level + 1)
            return
        }
        let leftTarget = (leftCount + rightCount) / 2
        if leftCount < leftTarget {
            let moving = leftTarget - leftCount
            let children = inners[Int(right)].children[..<moving]
            for child in children { setParent(of: child, onLevel: level - 1, to: left) }
            inners[Int(left)].children += children
            inners[Int(left)].summaries += inners[Int(right)].summaries[..<moving]
            inners[Int(right)].children.removeFirst(moving)
            inners[Int(right)].summaries.removeFirst(moving)
        } else {
            let moving = leftCount - leftTarget
            let children = inners[Int(left)].children[leftTarget...]
            for child in children { setParent(of: child, onLevel: level - 1, to: right) }
            inners[Int(right)].children.insert(contentsOf: children, at: 0)
            inners[Int(right)].summaries.insert(contentsOf: inners[Int(left)].summaries[leftTarget...], at: 0)
            inners[Int(left)].children.removeLast(moving)
            inners[Int(left)].summaries.removeLast(moving)
        }
        inners[Int(parent)].summaries[leftSlot] = innerSummary(left)
        inners[Int(parent)].summaries[leftSlot + 1] = innerSummary(right)
    }
}
