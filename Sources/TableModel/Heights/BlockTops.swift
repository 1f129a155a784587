/// The priced top of every row inside its `LeafDirectory` group, stored by row index, so
/// that "top of row i" is the groups' tree (small, in a near cache) plus two loads from one
/// or two neighbouring cache lines whose addresses depend only on `i`.
///
/// `tops[i]` is the laid-out height of the rows of `i`'s block before row `i`, except for a
/// block's first row (whose in-block top is 0): there it is the laid-out height of the rows
/// of the block's group before the block. Both are priced at the estimates of the generation
/// that the block's stamp names; a block stamped with another generation than the estimates'
/// current one is stale, and `HeightIndex.refreshTops(block:)` prices it again (O(block
/// size)) on the first query that needs it.
///
/// Stamps are kept twice: per block (`blockStamps`, 2 bytes a block) and per group of blocks
/// (`groupStamps`, 4 KB at a million rows, so it stays in the nearest caches). A group's stamp
/// is set once every block of the group holds the same current stamp, and a query whose
/// group is current reads nothing else to know it: no miss. A stamp is 16 bits, the
/// generation relative to `stampBase` plus one (0 is stale); when the generation leaves the
/// 16-bit window, the next block priced first clears every stamp (O(blocks), once per 65,535
/// estimate changes, so O(1) amortised; the estimate change itself is O(1)). The tops are 32
/// bits (4 bytes a row, the cost of the per-leaf prefix cache they replace): a block whose
/// tops do not fit (rows tens of millions of px tall) stays stale and its rows are summed.
///
/// Invariants (checked by `HeightIndex._checkInvariants()` while the directory is valid):
/// `tops` has one entry per row, `blockStamps` one per block and `groupStamps` one per group;
/// every block whose stamp (or whose group's stamp) names the current generation has exact
/// tops; a current group's blocks are all current. A height change marks its block, the
/// later blocks of its group and the group stale (O(blocks a group)); an estimate change
/// makes everything stale at once (O(1)); a splice invalidates the whole directory, and a
/// rebuild starts with everything stale.
struct BlockTops: Sendable {
    /// Per row index: its top inside its block, or its block's part of the group, priced (see above).
    private(set) var tops: [UInt32] = []
    /// Per block: the estimates' generation its tops were priced at, as `stamp(for:)`, or
    /// `staleStamp`.
    private(set) var blockStamps: [UInt16] = []
    /// Per group of blocks: the stamp all its blocks hold, or `staleStamp`.
    private(set) var groupStamps: [UInt16] = []
    /// The generation stamps are relative to; every stamp was written in
    /// `stampBase ..< stampBase + stampWindow`.
    private(set) var stampBase: UInt64 = 0

    static let staleStamp: UInt16 = 0
    static let stampWindow = UInt64(UInt16.max)
    /// Blocks a group holds.
    static let groupBlocks = 1 << LeafDirectory.groupShift

    /// The stamp of `generation`, or `staleStamp` when it is outside the window.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func stamp(for generation: UInt64) -> UInt16 {
        let distance = generation &- stampBase
        return distance < BlockTops.stampWindow ? UInt16(truncatingIfNeeded: distance &+ 1) : BlockTops.staleStamp
    }

    /// Sizes the cache for `rowCount` rows in `blockCount` blocks, everything stale.
    ///
    /// - Complexity: O(rowCount).
    mutating func reset(rowCount: Int, blockCount: Int) {
        tops.removeAll(keepingCapacity: true)
        tops.append(contentsOf: repeatElement(0, count: rowCount))
        blockStamps.removeAll(keepingCapacity: true)
        blockStamps.append(contentsOf: repeatElement(BlockTops.staleStamp, count: blockCount))
        groupStamps.removeAll(keepingCapacity: true)
        groupStamps.append(contentsOf: repeatElement(
            BlockTops.staleStamp, count: (blockCount + BlockTops.groupBlocks - 1) >> LeafDirectory.groupShift))
    }

    /// Whether the tops of `block`'s whole group are priced at `generation`: the check of the
    /// common case, one load from a small array.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func isGroupCurrent(block: Int, generation: UInt64) -> Bool {
        let stamp = stamp(for: generation)
        return stamp != BlockTops.staleStamp && groupStamps[block &>> LeafDirectory.groupShift] == stamp
    }

    /// Whether `block`'s tops are priced at `generation`, by its group's stamp or its own: both
    /// loaded, and compared without a branch, so the check is predicted whichever answers.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func isCurrentByEither(block: Int, generation: UInt64) -> Bool {
        let stamp = stamp(for: generation)
        let byGroup = groupStamps[block &>> LeafDirectory.groupShift] == stamp
        let byBlock = blockStamps[block] == stamp
        return (stamp != BlockTops.staleStamp) && (byGroup || byBlock)
    }

    /// Whether `block`'s tops are priced at `generation`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func isCurrent(block: Int, generation: UInt64) -> Bool {
        let stamp = stamp(for: generation)
        return stamp != BlockTops.staleStamp && blockStamps[block] == stamp
    }

    /// The stored entry of row `index` (see above); meaningful only when its block is current.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func top(ofRow index: Int) -> UInt32 { tops[index] }

    /// Row `index`'s top within its group: its block's entry, plus its own unless it is the
    /// block's first row (`first`). Meaningful only when the block is current.
    ///
    /// - Complexity: O(1), two loads from the same or neighbouring cache lines.
    @inline(__always)
    func inGroupTop(ofRow index: Int, blockFirst first: Int) -> Int64 {
        tops.withUnsafeBufferPointer { tops in
            let own = Int64(tops[index])
            return Int64(tops[first]) &+ (index == first ? 0 : own)
        }
    }

    /// Rows of the first of `blocks` changed height (the others are the later blocks of its
    /// group, whose part of the group moved): they and their group go stale.
    ///
    /// - Complexity: O(blocks.count).
    @inline(__always)
    mutating func markStale(blocks: Range<Int>) {
        guard !blocks.isEmpty else { return }
        groupStamps[blocks.lowerBound &>> LeafDirectory.groupShift] = BlockTops.staleStamp
        for block in blocks { blockStamps[block] = BlockTops.staleStamp }
    }

    /// Sets row `index`'s top; its block stays stale until `markCurrent`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    mutating func setTop(_ top: UInt32, ofRow index: Int) { tops[index] = top }

    /// Before the tops of a block are set at `generation` (the current one): starts a new
    /// stamp window, clearing every stamp, when `generation` is outside the current one.
    ///
    /// - Complexity: O(1), or O(blocks) once per `stampWindow` generations.
    @inline(__always)
    mutating func prepareStamp(for generation: UInt64) {
        guard stamp(for: generation) == BlockTops.staleStamp else { return }
        for block in blockStamps.indices { blockStamps[block] = BlockTops.staleStamp }
        for group in groupStamps.indices { groupStamps[group] = BlockTops.staleStamp }
        stampBase = generation
    }

    /// Every top of `block` was just set at the estimates of `generation`, the current one
    /// (after `prepareStamp(for:)`); its group becomes current too when all its blocks are.
    ///
    /// - Complexity: O(blocks a group), one cache line.
    mutating func markCurrent(block: Int, generation: UInt64) {
        let stamp = stamp(for: generation)
        blockStamps[block] = stamp
        let group = block &>> LeafDirectory.groupShift
        let first = group &<< LeafDirectory.groupShift
        for member in first..<min(first + BlockTops.groupBlocks, blockStamps.count) where blockStamps[member] != stamp {
            return
        }
        groupStamps[group] = stamp
    }

    /// Bytes of storage the cache holds (array capacities).
    ///
    /// - Complexity: O(1).
    var byteCount: Int {
        tops.capacity * MemoryLayout<UInt32>.stride
            + (blockStamps.capacity + groupStamps.capacity) * MemoryLayout<UInt16>.stride
    }
}
