extension HeightIndex {
    /// The leaf arena grows by 1/8 of its size at a time rather than doubling, to stay compact.
    static let arenaGrowthDivisor = 8

    // MARK: Leaf allocation

    private mutating func allocateLeaf() -> Int32 {
        if let leaf = freeLeaves.popLast() { return leaf }
        let leaf = Int32(leafCounts.count)
        precondition(leaf < RowLocator.leafLimit, "height index: too many leaves")
        if ids.count + leafCapacity > ids.capacity {
            reserveLeafStorage(leafCounts.count + max(1, leafCounts.count / HeightIndex.arenaGrowthDivisor))
        }
        appendLeafStorage()
        leafCounts.append(0)
        leafParents.append(HeightIndex.noParent)
        return leaf
    }

    private mutating func freeLeaf(_ leaf: Int32) {
        leafCounts[Int(leaf)] = 0
        leafParents[Int(leaf)] = HeightIndex.noParent
        freeLeaves.append(leaf)
    }

    // MARK: Moving rows

    /// Copies `count` rows from `source` (from `sourceSlot`) into `target` at `targetSlot`,
    /// first to last, updating the locator. Leaf counts are the caller's business.
    private mutating func copyRows(
        _ count: Int, from source: Int32, at sourceSlot: Int, to target: Int32, at targetSlot: Int
    ) {
        let from = base(of: source) + sourceSlot
        let to = base(of: target) + targetSlot
        for offset in 0..<count {
            copyRow(from: from + offset, to: to + offset)
            if source != target { locator.relocate(ids[to + offset], from: source, to: target) }
        }
    }

    /// Moves the first `count` rows of `leaf` up by `distance` slots, last first.
    private mutating func shiftRowsUp(_ count: Int, in leaf: Int32, by distance: Int) {
        let start = base(of: leaf)
        for position in stride(from: start + count - 1, through: start, by: -1) {
            copyRow(from: position, to: position + distance)
        }
    }

    /// Evens out the rows of two adjacent leaves, `left` at arena slot `leftSlot` of their
    /// parent and `right` after it, and refreshes both summaries in the parent.
    private mutating func redistribute(_ left: Int32, _ right: Int32, leftSlot: Int) {
        let leftRows = Int(leafCounts[Int(left)])
        let rightRows = Int(leafCounts[Int(right)])
        let leftTarget = (leftRows + rightRows) / 2
        if leftRows < leftTarget {
            let moving = leftTarget - leftRows
            copyRows(moving, from: right, at: 0, to: left, at: leftRows)
            copyRows(rightRows - moving, from: right, at: moving, to: right, at: 0)
        } else if leftRows > leftTarget {
            let moving = leftRows - leftTarget
            shiftRowsUp(rightRows, in: right, by: moving)
            copyRows(moving, from: left, at: leftTarget, to: right, at: 0)
        }
        leafCounts[Int(left)] = Int32(leftTarget)
        leafCounts[Int(right)] = Int32(leftRows + rightRows - leftTarget)
        setChildSummary(leafSummary(left), atSlot: leftSlot)
        setChildSummary(leafSummary(right), atSlot: leftSlot + 1)
    }

    // MARK: Growing

    /// Makes room in the full `leaf`: shares rows with a sibling that has at least two free
    /// slots (so both end with room), else splits the leaf. Keeps leaves well filled.
    mutating func makeRoom(in leaf: Int32) {
        let parent = leafParents[Int(leaf)]
        if parent != HeightIndex.noParent {
            let slot = childSlot(of: leaf, in: parent)
            let first = firstSlot(of: parent)
            let end = first + childCount(of: parent)
            let leftRows = slot > first ? Int(leafCounts[Int(innerChildren[slot - 1])]) : Int.max
            let rightRows = slot + 1 < end ? Int(leafCounts[Int(innerChildren[slot + 1])]) : Int.max
            if min(leftRows, rightRows) <= leafCapacity - 2 {
                if leftRows <= rightRows {
                    redistribute(innerChildren[slot - 1], leaf, leftSlot: slot - 1)
                } else {
                    redistribute(leaf, innerChildren[slot + 1], leftSlot: slot)
                }
                return
            }
        }
        splitLeaf(leaf)
    }

    /// Moves the upper half of a full `leaf` into a new leaf right after it.
    private mutating func splitLeaf(_ leaf: Int32) {
        let right = allocateLeaf()
        let rows = Int(leafCounts[Int(leaf)])
        let keep = rows / 2
        copyRows(rows - keep, from: leaf, at: keep, to: right, at: 0)
        leafCounts[Int(leaf)] = Int32(keep)
        leafCounts[Int(right)] = Int32(rows - keep)
        insertSibling(right, summary: leafSummary(right), after: leaf, leftSummary: leafSummary(leaf), onLevel: 0)
    }

    /// Moves the upper half of an overfull inner node into a new node right after it.
    private mutating func splitInner(_ node: Int32, onLevel level: Int) {
        let right = allocateInner()
        let count = childCount(of: node)
        moveChildren(of: node, in: count / 2..<count, toEndOf: right, childLevel: level - 1)
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
            appendChild(left, summary: leftSummary, to: newRoot)
            appendChild(node, summary: nodeSummary, to: newRoot)
            setParent(of: left, onLevel: level, to: newRoot)
            setParent(of: node, onLevel: level, to: newRoot)
            root = newRoot
            depth += 1
            return
        }
        let slot = childSlot(of: left, in: parent)
        setChildSummary(leftSummary, atSlot: slot)
        insertChild(node, summary: nodeSummary, into: parent, at: slot + 1 - firstSlot(of: parent))
        setParent(of: node, onLevel: level, to: parent)
        if childCount(of: parent) > branchCapacity { splitInner(parent, onLevel: level + 1) }
    }

    // MARK: Shrinking

    /// Restores the minimum fill of `leaf` by merging with or borrowing from a sibling.
    mutating func rebalanceLeaf(_ leaf: Int32) {
        let parent = leafParents[Int(leaf)]
        guard parent != HeightIndex.noParent, Int(leafCounts[Int(leaf)]) < leafCapacity / 2 else { return }
        let slot = childSlot(of: leaf, in: parent)
        let leftSlot = slot > firstSlot(of: parent) ? slot - 1 : slot
        let left = innerChildren[leftSlot]
        let right = innerChildren[leftSlot + 1]
        let leftRows = Int(leafCounts[Int(left)])
        let rightRows = Int(leafCounts[Int(right)])
        guard leftRows + rightRows <= leafCapacity else {
            redistribute(left, right, leftSlot: leftSlot)
            return
        }
        copyRows(rightRows, from: right, at: 0, to: left, at: leftRows)
        leafCounts[Int(left)] = Int32(leftRows + rightRows)
        addToChild(innerSummaries[leftSlot + 1], atSlot: leftSlot)
        let rightPosition = leftSlot + 1 - firstSlot(of: parent)
        removeChildren(of: parent, in: rightPosition..<rightPosition + 1)
        freeLeaf(right)
        rebalanceInner(parent, onLevel: 1)
    }

    /// Restores the minimum fill of an inner node, or shortens the tree at the root.
    private mutating func rebalanceInner(_ node: Int32, onLevel level: Int) {
        let parent = innerParents[Int(node)]
        if parent == HeightIndex.noParent {
            if childCount(of: node) == 1 {
                let child = innerChildren[firstSlot(of: node)]
                setParent(of: child, onLevel: level - 1, to: HeightIndex.noParent)
                freeInner(node)
                root = child
                depth -= 1
            }
            return
        }
        guard childCount(of: node) < branchCapacity / 2 else { return }
        let slot = childSlot(of: node, in: parent)
        let leftSlot = slot > firstSlot(of: parent) ? slot - 1 : slot
        let left = innerChildren[leftSlot]
        let right = innerChildren[leftSlot + 1]
        let leftCount = childCount(of: left)
        let rightCount = childCount(of: right)
        if leftCount + rightCount <= branchCapacity {
            moveChildren(of: right, in: 0..<rightCount, toEndOf: left, childLevel: level - 1)
            addToChild(innerSummaries[leftSlot + 1], atSlot: leftSlot)
            let rightPosition = leftSlot + 1 - firstSlot(of: parent)
            removeChildren(of: parent, in: rightPosition..<rightPosition + 1)
            freeInner(right)
            rebalanceInner(parent, onLevel: level + 1)
            return
        }
        let leftTarget = (leftCount + rightCount) / 2
        if leftCount < leftTarget {
            moveChildren(of: right, in: 0..<leftTarget - leftCount, toEndOf: left, childLevel: level - 1)
        } else {
            moveLastChildren(leftCount - leftTarget, of: left, toFrontOf: right, childLevel: level - 1)
        }
        setChildSummary(innerSummary(left), atSlot: leftSlot)
        setChildSummary(innerSummary(right), atSlot: leftSlot + 1)
    }
}
