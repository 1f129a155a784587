extension HeightIndex {
    /// Arena position of `node`'s first child slot.
    @inline(__always)
    func firstSlot(of node: Int32) -> Int { Int(node) * innerStride }

    @inline(__always)
    func childCount(of node: Int32) -> Int { Int(innerCounts[Int(node)]) }

    /// Arena position of `child` among `parent`'s child slots.
    ///
    /// - Complexity: O(branchCapacity).
    @inline(__always)
    func childSlot(of child: Int32, in parent: Int32) -> Int {
        var slot = firstSlot(of: parent)
        while innerChildren[slot] != child { slot += 1 }
        return slot
    }

    /// A new inner node with no children and no parent.
    mutating func allocateInner() -> Int32 {
        if let node = freeInners.popLast() { return node }
        return appendInnerNode()
    }

    mutating func freeInner(_ node: Int32) {
        innerCounts[Int(node)] = 0
        innerParents[Int(node)] = HeightIndex.noParent
        freeInners.append(node)
    }

    mutating func appendChild(_ child: Int32, summary: HeightSummary, to node: Int32) {
        insertChild(child, summary: summary, into: node, at: childCount(of: node))
    }

    /// Puts `child` at position `position` of `node`'s children, shifting later ones up.
    mutating func insertChild(_ child: Int32, summary: HeightSummary, into node: Int32, at position: Int) {
        let first = firstSlot(of: node)
        let count = childCount(of: node)
        precondition(count < innerStride, "height index: node \(node) overflows")
        for slot in stride(from: first + count, to: first + position, by: -1) { copySlot(slot - 1, to: slot) }
        setChild(child, summary: summary, atSlot: first + position)
        innerCounts[Int(node)] += 1
    }

    /// Removes the children at `positions` of `node`, shifting later ones down.
    mutating func removeChildren(of node: Int32, in positions: Range<Int>) {
        let first = firstSlot(of: node)
        let count = childCount(of: node)
        for slot in first + positions.lowerBound..<first + count - positions.count {
            copySlot(slot + positions.count, to: slot)
        }
        innerCounts[Int(node)] -= Int32(positions.count)
    }

    /// Moves `node`'s children at `positions` to the end of `target`'s, re-parenting them.
    mutating func moveChildren(of node: Int32, in positions: Range<Int>, toEndOf target: Int32, childLevel: Int) {
        let first = firstSlot(of: node)
        for position in positions {
            appendChild(innerChildren[first + position], summary: innerSummaries[first + position], to: target)
            setParent(of: innerChildren[first + position], onLevel: childLevel, to: target)
        }
        removeChildren(of: node, in: positions)
    }

    /// Moves `node`'s last `count` children to the front of `target`'s, re-parenting them.
    mutating func moveLastChildren(_ count: Int, of node: Int32, toFrontOf target: Int32, childLevel: Int) {
        let first = firstSlot(of: node)
        let total = childCount(of: node)
        for position in stride(from: total - 1, through: total - count, by: -1) {
            insertChild(innerChildren[first + position], summary: innerSummaries[first + position], into: target, at: 0)
            setParent(of: innerChildren[first + position], onLevel: childLevel, to: target)
        }
        innerCounts[Int(node)] -= Int32(count)
    }

    /// Sum of an inner node's child summaries.
    func innerSummary(_ node: Int32) -> HeightSummary {
        var result = HeightSummary.zero
        let first = firstSlot(of: node)
        for slot in first..<first + childCount(of: node) { result += innerSummaries[slot] }
        return result
    }
}
