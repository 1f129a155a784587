/// The row-height index: a B-tree whose nodes carry `HeightSummary`s, so that every
/// height change, splice, offset lookup and hit test costs O(log n).
///
/// Storage is compact. Leaves live in one arena as a struct of arrays: leaf `l` owns
/// slots `l * leafCapacity ..< l * leafCapacity + leafCounts[l]` of `ids` (8 bytes),
/// `units` (4 bytes, the height in `HeightUnits`) and `flags` (1 byte, kind and state).
/// Inner nodes hold their children and each child's summary. A `RowLocator` maps an id
/// to its leaf; parent links then give the row's index and offset.
///
/// Invariants (checked by `_checkInvariants()`): every leaf is at depth `depth`; every
/// stored summary equals the summary of its child; non-root leaves hold at least
/// `leafCapacity / 2` rows and non-root inner nodes at least `branchCapacity / 2`
/// children; a root inner node has at least two children; parent links match; the
/// locator has one entry per row, pointing at its leaf; ids are unique.
struct HeightIndex: Sendable {
    /// Rows per leaf and children per inner node used outside tests.
    static let standardLeafCapacity = 64
    static let standardBranchCapacity = 32
    /// The smallest capacities that keep the B-tree well formed.
    static let smallestCapacity = 4
    static let noParent: Int32 = -1

    let leafCapacity: Int
    let branchCapacity: Int

    var ids: [Int64] = []
    var units: [UInt32] = []
    var flags: [UInt8] = []
    var leafCounts: [Int32] = []
    var leafParents: [Int32] = []
    var freeLeaves: [Int32] = []

    /// Inner node arena, struct of arrays: node `i` owns slots `i * innerStride ..<
    /// i * innerStride + innerCounts[i]` of `innerChildren` (leaves when the node is on
    /// level 1) and `innerSummaries` (each child's summary). One spare slot per node lets a
    /// node overflow by one child before it splits.
    var innerChildren: [Int32] = []
    var innerSummaries: [HeightSummary] = []
    var innerCounts: [Int32] = []
    var innerParents: [Int32] = []
    var freeInners: [Int32] = []

    /// The root: a leaf when `depth == 0`, else an inner node.
    var root: Int32 = 0
    /// Number of inner levels above the leaves.
    var depth = 0
    /// Summary of the whole table.
    var summary = HeightSummary.zero
    var locator: RowLocator
    var estimates: HeightEstimates

    /// Child slots per inner node: its capacity plus the spare.
    var innerStride: Int { branchCapacity + 1 }

    /// Builds an index of `rows`, measured where a row carries a height and estimated
    /// otherwise, in O(n), leaves filled evenly. Heights must already be validated.
    ///
    /// - Throws: `.duplicateRow` if an id occurs twice; nothing is built then.
    init<Rows: RandomAccessCollection<RowSpec>>(
        rows: Rows, estimates: HeightEstimates,
        leafCapacity: Int = standardLeafCapacity, branchCapacity: Int = standardBranchCapacity
    ) throws(BatchUpdateError) {
        precondition(leafCapacity >= HeightIndex.smallestCapacity && branchCapacity >= HeightIndex.smallestCapacity)
        self.leafCapacity = leafCapacity
        self.branchCapacity = branchCapacity
        self.estimates = estimates
        // Filled as a local below (its checks read the leaves), stored once complete.
        locator = RowLocator(rowCount: 0)
        var locator = RowLocator(rowCount: rows.count)

        let leafCount = max(1, (rows.count + leafCapacity - 1) / leafCapacity)
        ids = Array(repeating: 0, count: leafCount * leafCapacity)
        units = Array(repeating: 0, count: leafCount * leafCapacity)
        flags = Array(repeating: 0, count: leafCount * leafCapacity)
        leafCounts = Array(repeating: 0, count: leafCount)
        leafParents = Array(repeating: HeightIndex.noParent, count: leafCount)

        var level: [(node: Int32, summary: HeightSummary)] = []
        level.reserveCapacity(leafCount)
        for leaf in 0..<leafCount {
            var leafSummary = HeightSummary.zero
            let share = HeightIndex.evenShare(of: rows.count, part: leaf, parts: leafCount)
            // The locator's slots for this leaf's rows are read together first (their cache
            // misses overlap); the duplicate check and the insert then share one probe walk.
            let emptyHomes = locator.emptyHomes(of: share.lazy.map { rows[rows.index(rows.startIndex, offsetBy: $0)].id.rawValue })
            for (offset, row) in share.enumerated() {
                let spec = rows[rows.index(rows.startIndex, offsetBy: row)]
                let record = spec.measuredHeight.map {
                    RowRecord(id: spec.id.rawValue, kind: spec.kind, state: .measured, units: UInt32(HeightUnits.units($0)))
                } ?? RowRecord.estimated(id: spec.id.rawValue, kind: spec.kind)
                let homeWasEmpty = offset < 64 && emptyHomes & (1 << UInt64(offset)) != 0
                let isNew = locator.insertIfAbsent(record.id, leaf: Int32(leaf), homeWasEmpty: homeWasEmpty) { candidate in
                    contains(record.id, inLeaf: candidate)
                }
                guard isNew else { throw .duplicateRow(RowID(record.id), operation: "init") }
                if record.state.hasHeightOfRecord { self.estimates.add(record.units, kind: record.kind) }
                write(record, leaf: Int32(leaf), slot: Int(leafCounts[leaf]))
                leafCounts[leaf] += 1
                leafSummary += HeightSummary(record)
            }
            level.append((Int32(leaf), leafSummary))
            summary += leafSummary
        }
        self.locator = locator
        while level.count > 1 {
            let parentCount = (level.count + branchCapacity - 1) / branchCapacity
            var parents: [(node: Int32, summary: HeightSummary)] = []
            for part in 0..<parentCount {
                let parent = allocateInner()
                var nodeSummary = HeightSummary.zero
                for child in HeightIndex.evenShare(of: level.count, part: part, parts: parentCount) {
                    appendChild(level[child].node, summary: level[child].summary, to: parent)
                    nodeSummary += level[child].summary
                    setParent(of: level[child].node, onLevel: depth, to: parent)
                }
                parents.append((parent, nodeSummary))
            }
            level = parents
            depth += 1
        }
        root = level[0].node
    }

    /// Part `part` of `0..<count` cut into `parts` ranges whose sizes differ by at most one.
    private static func evenShare(of count: Int, part: Int, parts: Int) -> Range<Int> {
        (count * part / parts)..<(count * (part + 1) / parts)
    }

    /// Number of rows.
    var count: Int { summary.rows }

    /// Total height in `HeightUnits`.
    var totalUnits: Int64 { summary.units(at: estimates.current) }

    /// First arena slot of `leaf`.
    @inline(__always)
    func base(of leaf: Int32) -> Int { Int(leaf) * leafCapacity }

    @inline(__always)
    func record(leaf: Int32, slot: Int) -> RowRecord {
        let position = base(of: leaf) + slot
        return RowRecord(id: ids[position], packedFlags: flags[position], units: units[position])
    }

    @inline(__always)
    mutating func write(_ record: RowRecord, leaf: Int32, slot: Int) {
        let position = base(of: leaf) + slot
        ids[position] = record.id
        units[position] = record.units
        flags[position] = record.packedFlags
    }

    /// Laid-out height of the row in `slot` of `leaf`, in `HeightUnits`.
    @inline(__always)
    func rowUnits(leaf: Int32, slot: Int) -> Int64 {
        let position = base(of: leaf) + slot
        let packed = flags[position]
        // Estimated rows store 0 units, so adding the masked estimate needs no branch.
        let isEstimated = packed >> RowRecord.stateShift == RowHeightState.estimated.rawValue
        let estimate = estimates.current[Int(packed & RowRecord.kindMask)]
        return Int64(units[position]) &+ (isEstimated ? estimate : 0)
    }

    /// Summary of the rows of `leaf`, recomputed.
    ///
    /// - Complexity: O(leafCapacity).
    func leafSummary(_ leaf: Int32) -> HeightSummary {
        var result = HeightSummary.zero
        for slot in 0..<Int(leafCounts[Int(leaf)]) { result += HeightSummary(record(leaf: leaf, slot: slot)) }
        return result
    }

    /// Bytes of storage the index holds: the capacities of its arrays (leaf arena,
    /// inner nodes, locator); excludes the fixed-size struct itself and allocator headers.
    ///
    /// - Complexity: O(1).
    var byteCount: Int {
        ids.capacity * MemoryLayout<Int64>.stride
            + units.capacity * MemoryLayout<UInt32>.stride
            + flags.capacity * MemoryLayout<UInt8>.stride
            + (leafCounts.capacity + leafParents.capacity + freeLeaves.capacity + freeInners.capacity)
                * MemoryLayout<Int32>.stride
            + (innerChildren.capacity + innerCounts.capacity + innerParents.capacity) * MemoryLayout<Int32>.stride
            + innerSummaries.capacity * MemoryLayout<HeightSummary>.stride
            + locator.byteCount
    }

    // MARK: Parent links

    /// Parent of `node`, which sits `level` levels above the leaves (0 = leaf).
    @inline(__always)
    func parent(of node: Int32, onLevel level: Int) -> Int32 {
        level == 0 ? leafParents[Int(node)] : innerParents[Int(node)]
    }

    @inline(__always)
    mutating func setParent(of node: Int32, onLevel level: Int, to parent: Int32) {
        if level == 0 { leafParents[Int(node)] = parent } else { innerParents[Int(node)] = parent }
    }

    /// Adds `delta` to the stored summary of every ancestor of `leaf` and to the total.
    ///
    /// - Complexity: O(log n · branchCapacity).
    mutating func propagate(_ delta: HeightSummary, fromLeaf leaf: Int32) {
        summary += delta
        var child = leaf
        var parent = leafParents[Int(leaf)]
        while parent != HeightIndex.noParent {
            innerSummaries[childSlot(of: child, in: parent)] += delta
            child = parent
            parent = innerParents[Int(parent)]
        }
    }
}
