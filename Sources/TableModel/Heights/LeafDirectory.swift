/// A flat view of `HeightIndex`'s rows in row order, so that "top of row i" and "index and
/// top of the row in leaf l, slot s" cost a few independent loads instead of a root-to-leaf
/// descent whose every load waits for the one before.
///
/// - Each leaf has the index of its first row.
/// - Rows are cut into blocks of `1 << blockShift` indices; a block names the leaf holding
///   its first row and the one after it. Non-root leaves hold at least `leafCapacity / 2`
///   rows and a block is no longer, so a block meets at most two leaves.
/// - Blocks are grouped by `1 << groupShift`. Each block keeps what its group holds before
///   it (`blockBefore`: known units and estimated rows per kind, unpriced), and a Fenwick tree
///   over *group numbers* (`groupSums`) holds each group's rows. The height before a block is
///   then its `blockBefore` plus a prefix of O(log groups) loads over a tree small enough to
///   stay in a near cache (32 bytes a group of 512 rows), all at addresses that depend only
///   on the row index (they overlap with one another and with the load of the row's top
///   inside its block, `tops`), priced at the current estimates at the end. An estimate
///   change therefore touches nothing here. Each entry is one `SIMD8<Int32>` (see `pack`),
///   so a step of the sum is one vector add and one cache line.
/// - `tops` (`BlockTops`) caches each row's priced top inside its block, by row index.
///
/// A height change adds its delta to the later blocks of its group (at most
/// `1 << groupShift - 1`) and to the groups' tree (O(log groups)), and marks its block's and
/// the later blocks' tops stale. Any
/// splice (rows inserted, removed, leaves split or merged) shifts indices, so it marks the
/// directory invalid (O(1)); queries then use the tree, and the index rebuilds the directory
/// (O(rows)) once the queries that found it invalid have cost about as much as a rebuild
/// (ski rental), so a rebuild is amortised over work the tree did anyway.
///
/// Invariants (checked by `HeightIndex._checkInvariants()` when `isValid`): starts match the
/// tree's row order; every block names the right leaves; `blockBefore` and the groups' sums
/// equal the rows'; current block tops are exact (see `BlockTops`).
struct LeafDirectory: Sendable {
    /// The leaf holding a block's first row, and the next one in row order.
    struct Block: Sendable, Equatable {
        var leaf: Int32
        /// Index of `leaf`'s first row.
        var start: Int32
        /// Index of the first row after `leaf`: the start of `next`.
        var boundary: Int32
        /// The leaf after `leaf` in row order, or -1.
        var next: Int32
    }

    /// Whether every array below matches the tree.
    private(set) var isValid = false
    /// Blocks are `1 << blockShift` rows.
    let blockShift: Int
    /// Per leaf number: the index of its first row (unused for free leaves).
    private(set) var startOfLeaf: [Int32] = []
    private(set) var blocks: [Block] = []
    /// Blocks a group holds: `1 << groupShift`.
    static let groupShift = 4
    /// Per block: the rows of its group before it, packed (see `pack`); zero for a group's
    /// first block.
    private(set) var blockBefore: [SIMD8<Int32>] = []
    /// Fenwick tree over group numbers, 1-based: entry `e` sums the rows of the `e & -e`
    /// groups ending at group `e - 1`, packed.
    private(set) var groupSums: [SIMD8<Int32>] = []
    /// Each row's priced top inside its block.
    var tops = BlockTops()
    /// What queries have spent on the tree since the directory became invalid, in the units
    /// of `rebuildCost`.
    var staleWork = 0

    /// Lanes of a packed sum: the estimated rows per kind in lanes `0..<knownLowLane`, the
    /// known units as `known >> knownShift` in `knownHighLane` and the low `knownShift`
    /// bits in `knownLowLane`. A stored entry keeps its low lane in `0..<1 << knownShift`
    /// (`normalized`), so a sum of up to 2^(31 − knownShift) entries (more than any Fenwick
    /// path) cannot overflow, and `known` is `high << knownShift + low` of the sums.
    static let knownLowLane = 6
    static let knownHighLane = 7
    static let knownShift: Int32 = 24

    /// `known` units and `estimated` rows per kind as one vector.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func pack(known: Int64, estimated: SIMD8<Int32>) -> SIMD8<Int32> {
        var packed = estimated
        packed[knownLowLane] = Int32(truncatingIfNeeded: known & (1 << Int64(knownShift) - 1))
        packed[knownHighLane] = Int32(truncatingIfNeeded: known >> Int64(knownShift))
        return packed
    }

    /// `packed` with its low known lane carried into the high one, back in `0..<1 << knownShift`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func normalized(_ packed: SIMD8<Int32>) -> SIMD8<Int32> {
        var result = packed
        let carry = result[knownLowLane] >> knownShift
        result[knownLowLane] &-= carry << knownShift
        result[knownHighLane] &+= carry
        return result
    }

    /// A directory for leaves of at least `leafCapacity / 2` rows; invalid until built.
    init(leafCapacity: Int) {
        precondition(HeightSummary.kindLanes <= LeafDirectory.knownLowLane, "leaf directory: too many kinds to pack")
        var shift = 0
        while 2 << shift <= leafCapacity / 2 { shift += 1 }
        blockShift = shift
    }

    /// Rows a rebuild step sums in the units of `staleWork` (a leaf or a block is one unit).
    static let rowsPerRebuildUnit = 4

    /// The rebuild's cost in the units of `staleWork`: one per leaf and per block, and one per
    /// `rowsPerRebuildUnit` rows summed into the blocks.
    ///
    /// - Complexity: O(1).
    func rebuildCost(rowCount: Int, leafCount: Int) -> Int {
        leafCount + (rowCount &>> blockShift) + rowCount / LeafDirectory.rowsPerRebuildUnit + 1
    }

    /// Number of blocks for `rowCount` rows.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func blockCount(rowCount: Int) -> Int { (rowCount + (1 &<< blockShift) - 1) &>> blockShift }

    /// A splice happened: nothing here is valid until the next rebuild.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    mutating func invalidate() {
        if isValid {
            isValid = false
            staleWork = 0
        }
    }

    /// Rebuilds the leaves' starts and the blocks from the leaves in row order with their row
    /// counts (`leaves[rank]`), for an arena of `leafSlots` leaf numbers. The caller then sets
    /// every block's sum (`setSum`) and calls `finishSums`, which makes the directory valid.
    /// Every block's tops start stale.
    ///
    /// - Complexity: O(leaves + rows / block size), plus O(rows) to size `tops`.
    mutating func rebuild(leaves: [(leaf: Int32, rows: Int)], leafSlots: Int) {
        startOfLeaf = Array(repeating: 0, count: leafSlots)
        blocks.removeAll(keepingCapacity: true)
        var start = 0
        for (rank, entry) in leaves.enumerated() {
            startOfLeaf[Int(entry.leaf)] = Int32(start)
            let end = start + entry.rows
            let next = rank + 1 < leaves.count ? leaves[rank + 1].leaf : -1
            // The blocks whose first row is in this leaf.
            var block = (start + (1 &<< blockShift) - 1) &>> blockShift
            while block &<< blockShift < end {
                blocks.append(Block(leaf: entry.leaf, start: Int32(start), boundary: Int32(end), next: next))
                block += 1
            }
            start = end
        }
        blockBefore.removeAll(keepingCapacity: true)
        blockBefore.append(contentsOf: repeatElement(.zero, count: blocks.count))
        groupSums.removeAll(keepingCapacity: true)
        groupSums.append(contentsOf: repeatElement(.zero, count: (blocks.count + (1 &<< LeafDirectory.groupShift) - 1)
                                                      &>> LeafDirectory.groupShift + 1))
        tops.reset(rowCount: start, blockCount: blocks.count)
        isValid = false
    }

    /// Sets `block`'s own rows, packed (`pack`), during a rebuild, in block order.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    mutating func setSum(_ sum: SIMD8<Int32>, ofBlock block: Int) {
        let group = block &>> LeafDirectory.groupShift
        // Until `finishSums`, a group's entry holds the rows of its blocks so far.
        blockBefore[block] = groupSums[group + 1]
        groupSums[group + 1] = LeafDirectory.normalized(groupSums[group + 1] &+ sum)
    }

    /// Turns the groups' own sums into their Fenwick tree, each entry added into its parent
    /// in order, and makes the directory valid.
    ///
    /// - Complexity: O(groups).
    mutating func finishSums() {
        for entry in 1..<groupSums.count {
            let parent = entry + (entry & -entry)
            if parent < groupSums.count {
                groupSums[parent] = LeafDirectory.normalized(groupSums[parent] &+ groupSums[entry])
            }
        }
        isValid = true
        staleWork = 0
    }

    /// Adds a change of row `index`'s summary (its known units and estimated counts) to the
    /// later blocks of its group and to the groups' tree, and marks the tops of its block, of
    /// the later blocks of its group (their part of the group moved) and of the group stale.
    ///
    /// - Complexity: O(1 << groupShift + log groups).
    @inline(__always)
    mutating func add(knownUnits: Int64, estimatedCounts: SIMD8<Int32>, toRow index: Int) {
        let block = index &>> blockShift
        let delta = LeafDirectory.pack(known: knownUnits, estimated: estimatedCounts)
        let group = block &>> LeafDirectory.groupShift
        tops.markStale(blocks: block..<min((group + 1) &<< LeafDirectory.groupShift, blockBefore.count))
        blockBefore.withUnsafeMutableBufferPointer { blockBefore in
            for later in block + 1..<min((group + 1) &<< LeafDirectory.groupShift, blockBefore.count) {
                blockBefore[later] = LeafDirectory.normalized(blockBefore[later] &+ delta)
            }
        }
        var entry = group + 1
        groupSums.withUnsafeMutableBufferPointer { sums in
            while entry < sums.count {
                sums[entry] = LeafDirectory.normalized(sums[entry] &+ delta)
                entry += entry & -entry
            }
        }
    }

    /// The rows of the groups before `group`, packed (not normalized: a sum of at most
    /// log₂ groups normalized entries): a prefix over the groups' tree.
    ///
    /// - Complexity: O(log groups) loads, independent of one another.
    @inline(__always)
    func before(group: Int) -> SIMD8<Int32> {
        groupSums.withUnsafeBufferPointer { sums in
            var sum = SIMD8<Int32>.zero
            var entry = group
            while entry > 0 {
                sum &+= sums[entry]
                entry &= entry &- 1
            }
            return sum
        }
    }

    /// Known units and estimated rows per kind of a sum of packed entries (the kinds' lanes
    /// of `estimated`; its other lanes are not counts).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func unpacked(_ sum: SIMD8<Int32>) -> (known: Int64, estimated: SIMD8<Int32>) {
        (Int64(sum[knownHighLane]) << Int64(knownShift) &+ Int64(sum[knownLowLane]), sum)
    }

    /// The leaf holding row `index` (in `0..<rowCount`) and its first row's index.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func leaf(ofRow index: Int) -> (leaf: Int32, start: Int) {
        let block = blocks[index &>> blockShift]
        return index < Int(block.boundary) ? (block.leaf, Int(block.start)) : (block.next, Int(block.boundary))
    }

    /// Bytes of storage the directory holds (array capacities).
    ///
    /// - Complexity: O(1).
    var byteCount: Int {
        startOfLeaf.capacity * MemoryLayout<Int32>.stride
            + blocks.capacity * MemoryLayout<Block>.stride
            + (blockBefore.capacity + groupSums.capacity) * MemoryLayout<SIMD8<Int32>>.stride
            + tops.byteCount
    }
}
