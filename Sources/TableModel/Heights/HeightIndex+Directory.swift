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

    /// Rebuilds the directory from the tree: the leaves in row order, then each block's rows
    /// summed into the blocks' and groups' sums.
    ///
    /// - Complexity: O(leaves + rows).
    mutating func rebuildDirectory() {
        directory.rebuild(leaves: leavesInRowOrder().map { ($0.leaf, $0.summary.rows) }, leafSlots: leafCounts.count)
        for block in 0..<directory.blockCount(rowCount: count) {
            directory.setSum(blockSum(block), ofBlock: block)
        }
        directory.finishSums()
    }

    /// `block`'s known units and estimated rows per kind, packed (`LeafDirectory.pack`).
    /// Directory blocks valid only.
    ///
    /// - Complexity: O(block size), a load, an add and a counter increment per row.
    private func blockSum(_ block: Int) -> SIMD8<Int32> {
        let (head, tail) = runs(ofBlock: block, upTo: min((block + 1) &<< directory.blockShift, count))
        return units.withUnsafeBufferPointer { units in
            flags.withUnsafeBufferPointer { flags in
                // Rows per flag byte; an estimated row's flags are its kind's lane, and it stores 0 units.
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: HeightEstimates.flagValues) { perFlags in
                    perFlags.initialize(repeating: 0)
                    var known: Int64 = 0
                    for position in head {
                        known &+= Int64(units[position])
                        perFlags[Int(flags[position])] &+= 1
                    }
                    for position in tail {
                        known &+= Int64(units[position])
                        perFlags[Int(flags[position])] &+= 1
                    }
                    var estimated = SIMD8<Int32>.zero
                    for lane in 0..<HeightSummary.kindLanes { estimated[lane] = perFlags[lane] }
                    return LeafDirectory.pack(known: known, estimated: estimated)
                }
            }
        }
    }

    /// The arena positions of the rows of `block` from its first row up to (not including)
    /// row `end`, in order: a run in the leaf of the block's first row and one (maybe empty)
    /// in the next leaf, since a block meets at most two leaves. Directory valid only.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func runs(ofBlock block: Int, upTo end: Int) -> (Range<Int>, Range<Int>) {
        let entry = directory.blocks[block]
        let first = block &<< directory.blockShift
        let boundary = Int(entry.boundary)
        let firstBase = base(of: entry.leaf) - Int(entry.start)
        let nextBase = end > boundary ? base(of: entry.next) : 0
        return (firstBase + first..<firstBase + min(end, boundary), nextBase..<nextBase + max(0, end - boundary))
    }

    /// Laid-out height of the rows of row `index`'s block before it, summed from the rows.
    /// Directory valid only.
    ///
    /// - Complexity: O(block size).
    func blockPrefixUnits(ofRow index: Int) -> Int64 {
        let (head, tail) = runs(ofBlock: index &>> directory.blockShift, upTo: index)
        return units.withUnsafeBufferPointer { units in
            flags.withUnsafeBufferPointer { flags in
                estimates.addendByFlags.withUnsafeBufferPointer { addends in
                    var total: Int64 = 0
                    for position in head { total &+= Int64(units[position]) &+ addends[Int(flags[position])] }
                    for position in tail { total &+= Int64(units[position]) &+ addends[Int(flags[position])] }
                    return total
                }
            }
        }
    }

    /// Prices `block`'s tops at the current estimates and stamps it current (`BlockTops`);
    /// false, leaving it stale, if they do not fit 32 bits (the rows are then summed by
    /// `blockPrefixUnits`). When another block of its group is already current, the group is
    /// being read more widely than one block (a query after a change sees one block: the
    /// anchor's), so its other stale blocks are priced too and the group becomes current,
    /// which the cheapest check then finds. Directory valid only.
    ///
    /// - Complexity: O(block size), or O(group size) for a group's second block at a generation.
    mutating func refreshTops(block: Int) -> Bool {
        let generation = estimates.generation
        directory.tops.prepareStamp(for: generation)
        guard priceTops(block: block) else { return false }
        let first = (block &>> LeafDirectory.groupShift) &<< LeafDirectory.groupShift
        let members = first..<min(first + BlockTops.groupBlocks, directory.blockBefore.count)
        let groupIsRead = members.contains { $0 != block && directory.tops.isCurrent(block: $0, generation: generation) }
        directory.tops.markCurrent(block: block, generation: generation)
        if groupIsRead {
            for member in members where !directory.tops.isCurrent(block: member, generation: generation) {
                if priceTops(block: member) { directory.tops.markCurrent(block: member, generation: generation) }
            }
        }
        return true
    }

    /// Sets `block`'s tops (its first entry: the rows of its group before it) at the current
    /// estimates; false if they do not fit 32 bits.
    ///
    /// - Complexity: O(block size).
    private mutating func priceTops(block: Int) -> Bool {
        let first = block &<< directory.blockShift
        let groupPart = directory.blockBefore[block]
        let inGroup = HeightSummary.units(known: LeafDirectory.unpacked(groupPart).known, estimated: groupPart,
                                          at: estimates.current)
        guard inGroup <= Int64(UInt32.max) else { return false }
        let (head, tail) = runs(ofBlock: block, upTo: min(first + (1 &<< directory.blockShift), count))
        var index = first
        var total: Int64 = 0
        func price(_ run: Range<Int>) -> Bool {
            for position in run {
                guard total <= Int64(UInt32.max) else { return false }
                directory.tops.setTop(UInt32(truncatingIfNeeded: index == first ? inGroup : total), ofRow: index)
                total &+= Int64(units[position]) &+ estimates.addendByFlags[Int(flags[position])]
                index += 1
            }
            return true
        }
        return price(head) && price(tail)
    }

    /// Whether row `index`'s top is cached at the current estimates (`BlockTops`).
    ///
    /// - Complexity: O(1).
    func hasCurrentTop(ofRow index: Int) -> Bool {
        directory.isValid && directory.tops.isCurrent(block: index &>> directory.blockShift, generation: estimates.generation)
            || directory.isValid
            && directory.tops.isGroupCurrent(block: index &>> directory.blockShift, generation: estimates.generation)
    }

    /// Top of row `index` (in `0..<count`) in `HeightUnits` from the directory: the groups
    /// before its group (`LeafDirectory.before(group:)`), priced, plus its top inside the group
    /// (`BlockTops`: cached, or priced now; or, for rows too tall to cache, the rows of the
    /// group before its block, priced, plus the block's rows before it, summed). Directory valid only;
    /// mutating only to refresh the group's tops.
    ///
    /// - Complexity: O(log groups) loads that depend only on `index` (the groups' tree is
    ///   small enough to stay cached; the row's top is one or two neighbouring cache lines),
    ///   plus O(block size) when the block's tops are stale.
    mutating func directoryOffsetUnits(ofRow index: Int) -> Int64 {
        let block = index &>> directory.blockShift
        if directory.tops.isGroupCurrent(block: block, generation: estimates.generation) {
            return cachedOffsetUnits(ofRow: index)
        }
        let first = block &<< directory.blockShift
        let groups = LeafDirectory.unpacked(directory.before(group: block &>> LeafDirectory.groupShift))
        let inGroup: Int64
        if directory.tops.isCurrent(block: block, generation: estimates.generation) || refreshTops(block: block) {
            inGroup = directory.tops.inGroupTop(ofRow: index, blockFirst: first)
        } else {
            let groupPart = directory.blockBefore[block]
            inGroup = HeightSummary.units(known: LeafDirectory.unpacked(groupPart).known, estimated: groupPart,
                                          at: estimates.current) &+ blockPrefixUnits(ofRow: index)
        }
        return inGroup &+ HeightSummary.units(known: groups.known, estimated: groups.estimated, at: estimates.current)
    }

    /// `directoryOffsetUnits(ofRow:)` when row `index`'s block tops are current (its group's
    /// or its block's stamp says so): the groups' tree and two loads from the row's
    /// neighbourhood of `BlockTops`, priced.
    ///
    /// - Complexity: O(log groups) loads that depend only on `index`.
    @inline(__always)
    func cachedOffsetUnits(ofRow index: Int) -> Int64 {
        let block = index &>> directory.blockShift
        let groups = LeafDirectory.unpacked(directory.before(group: block &>> LeafDirectory.groupShift))
        return directory.tops.inGroupTop(ofRow: index, blockFirst: block &<< directory.blockShift)
            &+ HeightSummary.units(known: groups.known, estimated: groups.estimated, at: estimates.current)
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
