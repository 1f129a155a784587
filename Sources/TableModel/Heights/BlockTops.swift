/// The priced top of every row inside its `LeafDirectory` group, stored by row index, so
/// that "top of row i" is the groups' tree (small, in a near cache) plus two loads from one
/// or two neighbouring cache lines whose addresses depend only on `i`.
///
/// `tops[i]` is the laid-out height of the rows of `i`'s block before row `i`, except for a
/// block's first row (whose in-block top is 0): there it is the laid-out height of the rows
/// of the block's group before the block. Both are priced at the estimates of the generation
/// that the stamp of `i`'s group names; a group stamped with another generation than the
/// estimates' current one is stale, and `HeightIndex.refreshTops(block:)` re-prices the whole
/// group (O(group size), 512 rows) on the first query that needs it. Stamps are per group,
/// not per block, so they take 2 bytes a group (4 KB at a million rows) and stay in the
/// nearest caches: checking one costs no miss. A stamp is 16 bits, the generation relative
/// to `stampBase` plus one (0 is stale); when the generation leaves the 16-bit window, the
/// next stamp written first clears every stamp (O(groups), once per 65,535 estimate changes,
/// so O(1) amortised; the estimate change itself is O(1)). The tops are 32 bits (4 bytes a
/// row, the cost of the per-leaf prefix cache they replace): a group whose tops do not fit
/// (rows tens of millions of px tall) stays stale and its rows are summed instead.
///
/// Invariants (checked by `HeightIndex._checkInvariants()` while the directory is valid):
/// `tops` has one entry per row and `stamps` one per group; every block of a group whose
/// stamp names the current generation has exact tops. A height change marks its group stale
/// (O(1)); an estimate change makes every group stale at once (O(1)); a splice invalidates
/// the whole directory, and a rebuild starts with every group stale.
struct BlockTops: Sendable {
    /// Per row index: its top inside its block, or its block's part of the group, priced (see above).
    private(set) var tops: [UInt32] = []
    /// Per group of blocks: the estimates' generation its tops were priced at, as
    /// `stamp(for:)`, or `staleStamp`.
    private(set) var stamps: [UInt16] = []
    /// The generation stamps are relative to; every stamp was written in
    /// `stampBase ..< stampBase + stampWindow`.
    private(set) var stampBase: UInt64 = 0

    static let staleStamp: UInt16 = 0
    static let stampWindow = UInt64(UInt16.max)

    /// The stamp of `generation`, or `staleStamp` when it is outside the window.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func stamp(for generation: UInt64) -> UInt16 {
        let distance = generation &- stampBase
        return distance < BlockTops.stampWindow ? UInt16(truncatingIfNeeded: distance &+ 1) : BlockTops.staleStamp
    }

    /// Sizes the cache for `rowCount` rows in `blockCount` blocks, every group stale.
    ///
    /// - Complexity: O(rowCount).
    mutating func reset(rowCount: Int, blockCount: Int) {
        tops.removeAll(keepingCapacity: true)
        tops.append(contentsOf: repeatElement(0, count: rowCount))
        stamps.removeAll(keepingCapacity: true)
        stamps.append(contentsOf: repeatElement(
            BlockTops.staleStamp, count: (blockCount + (1 << LeafDirectory.groupShift) - 1) >> LeafDirectory.groupShift))
    }

    /// Whether the tops of `block`'s group are priced at `generation`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func isCurrent(block: Int, generation: UInt64) -> Bool {
        let stamp = stamp(for: generation)
        return stamp != BlockTops.staleStamp && stamps[block &>> LeafDirectory.groupShift] == stamp
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

    /// Rows of `blocks`, or rows before them in their group, changed height: their groups
    /// go stale.
    ///
    /// - Complexity: O(groups the blocks meet).
    @inline(__always)
    mutating func markStale(blocks: Range<Int>) {
        guard !blocks.isEmpty else { return }
        for group in blocks.lowerBound &>> LeafDirectory.groupShift...(blocks.upperBound - 1) &>> LeafDirectory.groupShift {
            stamps[group] = BlockTops.staleStamp
        }
    }

    /// Sets row `index`'s top; its group stays stale until `markCurrent`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    mutating func setTop(_ top: UInt32, ofRow index: Int) { tops[index] = top }

    /// Every top of `block`'s group was just set at the estimates of `generation` (the current
    /// one, so never older than any stamp). When `generation` is outside the stamps' window,
    /// every stamp is cleared first and the window starts at `generation`.
    ///
    /// - Complexity: O(1), or O(groups) once per `stampWindow` generations.
    mutating func markCurrent(block: Int, generation: UInt64) {
        if stamp(for: generation) == BlockTops.staleStamp {
            for index in stamps.indices { stamps[index] = BlockTops.staleStamp }
            stampBase = generation
        }
        stamps[block &>> LeafDirectory.groupShift] = stamp(for: generation)
    }

    /// Bytes of storage the cache holds (array capacities).
    ///
    /// - Complexity: O(1).
    var byteCount: Int {
        tops.capacity * MemoryLayout<UInt32>.stride + stamps.capacity * MemoryLayout<UInt16>.stride
    }
}
