/// A flat view of `HeightIndex`'s leaves in row order, so that "top of row i" and "index and
/// top of the row in leaf l, slot s" cost a few independent loads instead of a root-to-leaf
/// descent whose every load waits for the one before.
///
/// - Each leaf has a *rank* (its place in row order) and the index of its first row.
/// - Rows are cut into blocks of `1 << blockShift` indices; a block names the leaf holding
///   its first row and the one after it. Non-root leaves hold at least `leafCapacity / 2`
///   rows and a block is no longer, so a block meets at most two leaves.
/// - A Fenwick tree over ranks holds each leaf's known units and estimated rows per kind,
///   so the height before a leaf is a prefix sum of O(log leaves) loads whose addresses
///   depend only on the rank (they overlap), priced at the current estimates at the end.
///   An estimate change therefore touches nothing here. Each entry is one `SIMD8<Int32>`
///   (see `pack`), so a step of the sum is one vector add and one cache line.
///
/// A height change adds its delta in O(log leaves). Any splice (rows inserted, removed,
/// leaves split or merged) shifts ranks and indices, so it marks the directory invalid
/// (O(1)); queries then use the tree, and the index rebuilds the directory (O(leaves +
/// rows / block)) once the queries that found it invalid have cost about as much as a
/// rebuild (ski rental), so a rebuild is amortised over work the tree did anyway.
///
/// Invariants (checked by `HeightIndex._checkInvariants()` when `isValid`): ranks and
/// starts match the tree's row order; every block names the right leaves; the Fenwick
/// sums equal the leaves' summaries.
struct LeafDirectory: Sendable {
    /// The leaf holding a block's first row, and the next one in row order.
    struct Block: Sendable, Equatable {
        var rank: Int32
        var leaf: Int32
        /// Index of `leaf`'s first row.
        var start: Int32
        /// Index of the first row after `leaf`: the start of `next`.
        var boundary: Int32
        /// The leaf of rank `rank + 1`, or -1.
        var next: Int32
    }

    /// Whether every array below matches the tree.
    private(set) var isValid = false
    /// Blocks are `1 << blockShift` rows.
    let blockShift: Int
    /// Per leaf number: its rank and the index of its first row (unused for free leaves).
    private(set) var rankOfLeaf: [Int32] = []
    private(set) var startOfLeaf: [Int32] = []
    private(set) var blocks: [Block] = []
    /// Fenwick tree over ranks, 1-based: entry `e` sums the `e & -e` ranks ending at `e - 1`,
    /// packed (see `pack`).
    private(set) var sums: [SIMD8<Int32>] = []
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

    /// The rebuild's cost in the units of `staleWork`: one per leaf and per block.
    ///
    /// - Complexity: O(1).
    func rebuildCost(rowCount: Int, leafCount: Int) -> Int { leafCount + (rowCount >> blockShift) + 1 }

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

    /// Rebuilds from the leaves in row order with their summaries (`leaves[rank]`), for an
    /// arena of `leafSlots` leaf numbers.
    ///
    /// - Complexity: O(leaves + rows / block size).
    mutating func rebuild(leaves: [(leaf: Int32, summary: HeightSummary)], leafSlots: Int) {
        rankOfLeaf = Array(repeating: -1, count: leafSlots)
        startOfLeaf = Array(repeating: 0, count: leafSlots)
        sums = Array(repeating: .zero, count: leaves.count + 1)
        blocks.removeAll(keepingCapacity: true)
        var start = 0
        for (rank, entry) in leaves.enumerated() {
            rankOfLeaf[Int(entry.leaf)] = Int32(rank)
            startOfLeaf[Int(entry.leaf)] = Int32(start)
            let end = start + entry.summary.rows
            let next = rank + 1 < leaves.count ? leaves[rank + 1].leaf : -1
            // The blocks whose first row is in this leaf.
            var block = (start + (1 << blockShift) - 1) >> blockShift
            while block << blockShift < end {
                blocks.append(Block(rank: Int32(rank), leaf: entry.leaf, start: Int32(start),
                                    boundary: Int32(end), next: next))
                block += 1
            }
            sums[rank + 1] = LeafDirectory.pack(known: entry.summary.knownUnits, estimated: entry.summary.estimatedCounts)
            start = end
        }
        // Each entry adds itself into its Fenwick parent, in order: O(leaves).
        for entry in 1..<sums.count {
            let parent = entry + (entry & -entry)
            if parent < sums.count { sums[parent] = LeafDirectory.normalized(sums[parent] &+ sums[entry]) }
        }
        isValid = true
        staleWork = 0
    }

    /// Adds a leaf's summary change (its known units and estimated counts) to the sums.
    ///
    /// - Complexity: O(log leaves).
    @inline(__always)
    mutating func add(knownUnits: Int64, estimatedCounts: SIMD8<Int32>, toLeaf leaf: Int32) {
        var entry = Int(rankOfLeaf[Int(leaf)]) + 1
        let delta = LeafDirectory.pack(known: knownUnits, estimated: estimatedCounts)
        sums.withUnsafeMutableBufferPointer { sums in
            while entry < sums.count {
                sums[entry] = LeafDirectory.normalized(sums[entry] &+ delta)
                entry += entry & -entry
            }
        }
    }

    /// Known units and estimated rows per kind of the leaves before rank `rank` (the kinds'
    /// lanes of `estimated`; its other lanes are not counts).
    ///
    /// - Complexity: O(log leaves) loads, independent of one another.
    @inline(__always)
    func before(rank: Int) -> (known: Int64, estimated: SIMD8<Int32>) {
        sums.withUnsafeBufferPointer { sums in
            var sum = SIMD8<Int32>.zero
            var entry = rank
            while entry > 0 {
                sum &+= sums[entry]
                entry &= entry - 1
            }
            let known = Int64(sum[LeafDirectory.knownHighLane]) << Int64(LeafDirectory.knownShift)
                &+ Int64(sum[LeafDirectory.knownLowLane])
            return (known, sum)
        }
    }

    /// The leaf holding row `index` (in `0..<rowCount`), its rank and its first row's index.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func leaf(ofRow index: Int) -> (leaf: Int32, rank: Int, start: Int) {
        let block = blocks[index >> blockShift]
        return index < Int(block.boundary)
            ? (block.leaf, Int(block.rank), Int(block.start))
            : (block.next, Int(block.rank) + 1, Int(block.boundary))
    }

    /// Bytes of storage the directory holds (array capacities).
    ///
    /// - Complexity: O(1).
    var byteCount: Int {
        (rankOfLeaf.capacity + startOfLeaf.capacity) * MemoryLayout<Int32>.stride
            + blocks.capacity * MemoryLayout<Block>.stride
            + sums.capacity * MemoryLayout<SIMD8<Int32>>.stride
    }
}
