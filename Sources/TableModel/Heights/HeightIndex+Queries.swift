extension HeightIndex {
    /// Leaf and slot of the row at `index`; `index == count` gives the slot after the last row.
    /// Uses a node's prefix cache when current, else scans its summaries; changes nothing.
    ///
    /// - Complexity: O(log n · branchCapacity).
    func locate(index: Int) -> (leaf: Int32, slot: Int) {
        var node = root
        var remaining = index
        for _ in 0..<depth {
            let first = firstSlot(of: node)
            var slot = first
            if hasUnpricedPrefixes(node: node) {
                slot += countOfPrefixes(innerRowsBefore, in: first + 1..<first + childCount(of: node), atMost: remaining)
                remaining -= Int(innerRowsBefore[slot])
            } else {
                let last = slot + childCount(of: node) - 1
                while slot < last, remaining >= innerSummaries[slot].rows {
                    remaining -= innerSummaries[slot].rows
                    slot += 1
                }
            }
            node = innerChildren[slot]
        }
        return (node, remaining)
    }

    /// Number of entries of `prefixes` in `range` that are at most `limit`. The entries are
    /// non-decreasing, so this is where `limit` falls among them. Counted without branches
    /// (a short contiguous run, cheaper than a mispredicted binary search): `prefix <= limit`
    /// is the sign bit of `prefix - limit - 1`, which cannot overflow for entries and limits
    /// within ±2^62 (heights sum to under 2^53 units, row counts to under 2^31).
    @inline(__always)
    private func countOfPrefixes<Prefix: FixedWidthInteger>(
        _ prefixes: [Prefix], in range: Range<Int>, atMost limit: Int
    ) -> Int {
        prefixes.withUnsafeBufferPointer { prefixes in
            guard var entry = prefixes.baseAddress.map({ $0 + range.lowerBound }) else { return 0 }
            let end = entry + range.count
            var count: UInt64 = 0
            while entry < end {
                count &+= UInt64(bitPattern: Int64(truncatingIfNeeded: entry.pointee) &- Int64(limit) &- 1) >> 63
                entry += 1
            }
            return Int(count)
        }
    }

    /// Leaf and slot of the row with `id`, or nil.
    ///
    /// - Complexity: O(leafCapacity) expected.
    @inline(__always)
    func find(_ id: Int64) -> (leaf: Int32, slot: Int)? {
        var found: (leaf: Int32, slot: Int)?
        _ = locator.leaf(of: id) { leaf in
            found = slot(of: id, in: leaf).map { (leaf, $0) }
            return found != nil
        }
        return found
    }

    /// Leaf and slot of the row with `id`, or nil; `hint`, where the row was last seen, is
    /// checked first. A hint is only ever trusted after its slot is seen to hold `id` (ids
    /// are unique), so a stale one merely costs the ordinary look-up.
    ///
    /// - Complexity: O(1) when the hint is right, else as `find(_:)`.
    @inline(__always)
    func find(_ id: Int64, hint: (leaf: Int32, slot: Int)) -> (leaf: Int32, slot: Int)? {
        let leaf = Int(hint.leaf)
        if leaf >= 0, leaf < leafCounts.count, hint.slot >= 0, hint.slot < Int(leafCounts[leaf]),
           ids[base(of: hint.leaf) + hint.slot] == id {
            return hint
        }
        return find(id)
    }

    @inline(__always)
    private func slot(of id: Int64, in leaf: Int32) -> Int? {
        let start = base(of: leaf)
        let rows = Int(leafCounts[Int(leaf)])
        return ids.withUnsafeBufferPointer { ids in
            for slot in 0..<rows where ids[start + slot] == id { return slot }
            return nil
        }
    }

    /// Index and top offset (in `HeightUnits`) of the row in `slot` of `leaf`. With the
    /// directory ready: the leaf's first index, then the offset as `offsetUnits(ofRow:)` finds
    /// it from the directory. Otherwise from parent links, using each ancestor's unpriced
    /// prefixes (rebuilding the stale ones it passes, which is why it is mutating; no row
    /// changes), plus the leaf's rows before the slot, summed. Both are unpriced up to the
    /// last step, so this costs the same just after an estimate changed, as on the hot
    /// `setMeasuredHeight` path it often has.
    ///
    /// - Complexity: with the directory ready, O(log n) loads that do not wait on one another
    ///   once the leaf's first index is known, plus O(block size) when the block's tops are
    ///   stale; otherwise O(log n · branchCapacity + leafCapacity), one load per level; plus,
    ///   amortised, a directory rebuild (see `directoryIsReady()`).
    mutating func position(leaf: Int32, slot: Int) -> (index: Int, offset: Int64) {
        if directoryIsReady() {
            let index = Int(directory.startOfLeaf[Int(leaf)]) + slot
            return (index, directoryOffsetUnits(ofRow: index))
        }
        var index = slot
        var known: Int64 = 0
        var estimated = SIMD8<Int32>.zero
        var child = leaf
        var parent = leafParents[Int(leaf)]
        while parent != HeightIndex.noParent {
            refreshUnpricedPrefixes(node: parent)
            let slot = childSlot(of: child, in: parent)
            index += Int(innerRowsBefore[slot])
            known &+= innerKnownBefore[slot]
            estimated &+= innerEstimatedBefore[slot]
            child = parent
            parent = innerParents[Int(parent)]
        }
        return (index, leafPrefixUnits(leaf, rows: slot)
                    &+ HeightSummary.units(known: known, estimated: estimated, at: estimates.current))
    }

    /// Record of the row at `index`.
    ///
    /// - Complexity: O(log n · branchCapacity).
    func record(at index: Int) -> RowRecord {
        let (leaf, slot) = locate(index: index)
        return record(leaf: leaf, slot: slot)
    }

    /// Top of row `index` in `HeightUnits`; `index == count` gives the total height.
    /// With the directory ready: what lies before the row's group and the row's top inside
    /// its group (`directoryOffsetUnits(ofRow:)`), loads whose addresses depend only on
    /// `index`. Otherwise a descent over the unpriced prefixes and a sum of the
    /// leaf's rows before it. Either way an estimate change costs it nothing; mutating only to
    /// rebuild the stale caches it passes (no row changes).
    ///
    /// - Complexity: with the directory ready, O(log n) independent loads, plus O(block size)
    ///   once after a change in the block, in a block before it in its group or of an
    ///   estimate; otherwise O(log n · branchCapacity) branch-free
    ///   comparisons and one load per level, plus O(leafCapacity), and the rebuild of stale
    ///   node caches on the path (O(branchCapacity) each); plus, amortised, a directory rebuild.
    @inline(__always)
    mutating func offsetUnits(ofRow index: Int) -> Int64 {
        // The common case inline in the caller: a valid directory whose block tops are current
        // (by its group's stamp, or by its own when its group is not yet current as a whole).
        if index < count, directory.isValid,
           directory.tops.isCurrentByEither(block: index &>> directory.blockShift, generation: estimates.generation) {
            return cachedOffsetUnits(ofRow: index)
        }
        return uncachedOffsetUnits(ofRow: index)
    }

    /// `offsetUnits(ofRow:)` when the cheap path does not apply: the end, a stale block, or no
    /// valid directory.
    ///
    /// - Complexity: as `offsetUnits(ofRow:)`.
    @inline(never)
    private mutating func uncachedOffsetUnits(ofRow index: Int) -> Int64 {
        guard index < count else { return totalUnits }
        if directoryIsReady() { return directoryOffsetUnits(ofRow: index) }
        var node = root
        var remaining = index
        var known: Int64 = 0
        var estimated = SIMD8<Int32>.zero
        for _ in 0..<depth {
            refreshUnpricedPrefixes(node: node)
            let first = firstSlot(of: node)
            let slot = first + countOfPrefixes(
                innerRowsBefore, in: first + 1..<first + childCount(of: node), atMost: remaining)
            remaining -= Int(innerRowsBefore[slot])
            known &+= innerKnownBefore[slot]
            estimated &+= innerEstimatedBefore[slot]
            node = innerChildren[slot]
        }
        return leafPrefixUnits(node, rows: remaining)
            &+ HeightSummary.units(known: known, estimated: estimated, at: estimates.current)
    }

    /// The row covering offset `y` (in `HeightUnits`): the first row whose bottom is below `y`,
    /// so zero-height rows are never hit; the last row when `y` is at or past the end.
    /// Returns the row's index, top offset, leaf and slot, or nil when the index is empty.
    /// Mutating only to rebuild the stale prefix caches it passes; no row changes.
    ///
    /// - Complexity: O(log n · branchCapacity + leafCapacity) branch-free comparisons and adds,
    ///   one load per level, plus the rebuild of each stale cache on the path.
    mutating func row(atOffset y: Int64) -> (index: Int, top: Int64, leaf: Int32, slot: Int)? {
        guard count > 0 else { return nil }
        var node = root
        var index = 0
        var top: Int64 = 0
        for _ in 0..<depth {
            refreshPrefixes(node: node)
            let first = firstSlot(of: node)
            let slot = first + countOfPrefixes(
                innerUnitsBefore, in: first + 1..<first + childCount(of: node), atMost: Int(y &- top))
            index += Int(innerRowsBefore[slot])
            top &+= innerUnitsBefore[slot]
            node = innerChildren[slot]
        }
        let (slot, rowTop) = leafRow(atOffset: y &- top, in: node)
        return (index + slot, top &+ rowTop, node, slot)
    }

    /// The slot of the row of `leaf` covering `y` (measured from the leaf's top; the last row
    /// when no row's bottom is below it) and that row's top. Every row but the last is summed
    /// and counted without branches: the bottoms are non-decreasing, so the slot is the number
    /// of bottoms at or above `y`, and the top is the largest of them.
    ///
    /// - Complexity: O(leafCapacity), two loads, an add and a compare per row.
    @inline(__always)
    private func leafRow(atOffset y: Int64, in leaf: Int32) -> (slot: Int, top: Int64) {
        let start = base(of: leaf)
        let rows = Int(leafCounts[Int(leaf)])
        return units.withUnsafeBufferPointer { units in
            flags.withUnsafeBufferPointer { flags in
                estimates.addendByFlags.withUnsafeBufferPointer { addends in
                    var top: Int64 = 0
                    var slot = 0
                    while slot < rows - 1 {
                        let bottom = top &+ Int64(units[start + slot]) &+ addends[Int(flags[start + slot])]
                        if bottom > y { break }
                        top = bottom
                        slot += 1
                    }
                    return (slot, top)
                }
            }
        }
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

    /// Calls `body` with the position and id of every row of `kind` among rows `range`, in
    /// order: a read of one byte a row, from the leaves' kinds.
    ///
    /// - Complexity: O(log n · branchCapacity + range.count).
    func forEachRow(ofKind kind: RowKind, in range: Range<Int>, _ body: (_ position: Int, _ id: Int64) -> Void) {
        let end = min(range.upperBound, count)
        guard range.lowerBound >= 0, range.lowerBound < end else { return }
        var (leaf, slot) = locate(index: range.lowerBound)
        var position = range.lowerBound
        flags.withUnsafeBufferPointer { flags in
            while true {
                let base = base(of: leaf)
                let stop = min(Int(leafCounts[Int(leaf)]), slot + end - position)
                for current in slot..<stop where flags[base + current] & RowRecord.kindMask == kind.rawValue {
                    body(position + current - slot, ids[base + current])
                }
                position += stop - slot
                guard position < end, let next = self.leaf(after: leaf) else { return }
                leaf = next
                slot = 0
            }
        }
    }

    /// The ids of the rows in `ranges`, in order, in one walk over the leaves, for many
    /// ranges where a descent each would cost O(r log n).
    ///
    /// - Precondition: as ``forEachSlot(in:_:)``.
    /// - Complexity: O(leaves + k) for k rows in the ranges.
    func ids(in ranges: [Range<Int>]) -> [Int64] {
        var result: [Int64] = []
        result.reserveCapacity(ranges.reduce(0) { $0 + $1.count })
        ids.withUnsafeBufferPointer { ids in
            forEachSlot(in: ranges) { result.append(ids[$0]) }
        }
        return result
    }

    /// How many rows of `kind` the ranges hold, in one walk over the leaves.
    ///
    /// - Precondition: as ``forEachSlot(in:_:)``, and the ranges do not overlap.
    /// - Complexity: O(leaves + k) for k rows in the ranges.
    func countOfKind(_ kind: RowKind, in ranges: [Range<Int>]) -> Int {
        var found = 0
        flags.withUnsafeBufferPointer { flags in
            forEachSlot(in: ranges) { if flags[$0] & RowRecord.kindMask == kind.rawValue { found += 1 } }
        }
        return found
    }

    /// Calls `body` with the storage slot of each row in `ranges`, in order, walking the
    /// leaves in row order once.
    ///
    /// - Precondition: each range lies in `0..<count` and starts at or after the last row
    ///   of the one before (so the ends of ranges may name one row twice).
    /// - Complexity: O(leaves + k) for k rows in the ranges.
    @inline(__always)
    private func forEachSlot(in ranges: [Range<Int>], _ body: (Int) -> Void) {
        let leaves = leavesInRowOrder()
        var number = 0
        var leafStart = 0
        for range in ranges where !range.isEmpty {
            precondition(range.lowerBound >= leafStart && range.upperBound <= count,
                         "HeightIndex: rows \(range) are outside 0..<\(count) or before the range they follow")
            var position = range.lowerBound
            while position < range.upperBound {
                var leafEnd = leafStart + Int(leafCounts[Int(leaves[number].leaf)])
                while position >= leafEnd {
                    leafStart = leafEnd
                    number += 1
                    leafEnd = leafStart + Int(leafCounts[Int(leaves[number].leaf)])
                }
                let base = base(of: leaves[number].leaf) - leafStart
                let stop = min(range.upperBound, leafEnd)
                for slot in base + position..<base + stop { body(slot) }
                position = stop
            }
        }
    }

    /// The runs of neighbouring positions, from `start` on, of the rows whose ids are
    /// `wanted`, which follow in row order with the first at `start`: a row between two of
    /// them ends a run. The walk stops at the last one (or at the end of the table).
    ///
    /// - Complexity: O(log n + w) for the w rows from `start` to the last wanted one.
    func runs(of wanted: [Int64], from start: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        guard !wanted.isEmpty, start >= 0, start < count else { return runs }
        var (leaf, slot) = locate(index: start)
        var matched = 0
        var position = start
        var runStart = start
        ids.withUnsafeBufferPointer { ids in
            wanted.withUnsafeBufferPointer { wanted in
                while true {
                    let base = base(of: leaf)
                    let end = Int(leafCounts[Int(leaf)])
                    while slot < end {
                        if ids[base + slot] == wanted[matched] {
                            matched += 1
                            if matched == wanted.count {
                                runs.append(runStart..<position + 1)
                                return
                            }
                        } else {
                            if position > runStart { runs.append(runStart..<position) }
                            runStart = position + 1
                        }
                        slot += 1
                        position += 1
                    }
                    guard let next = self.leaf(after: leaf) else { return }
                    leaf = next
                    slot = 0
                }
            }
        }
        return runs
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
