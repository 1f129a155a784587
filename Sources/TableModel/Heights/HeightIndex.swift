/// The row-height index: a B-tree whose nodes carry `HeightSummary`s, so that every
/// height change, splice, offset lookup and hit test costs O(log n).
///
/// Storage is compact. Leaves live in one arena as a struct of arrays: leaf `l` owns
/// slots `l * leafCapacity ..< l * leafCapacity + leafCounts[l]` of `ids` (8 bytes),
/// `units` (4 bytes, the height in `HeightUnits`) and `flags` (1 byte, kind and state).
/// Inner nodes hold their children, each
/// child's summary and prefix caches of those summaries. A `RowLocator` maps an id to its
/// leaf; parent links then give the row's index and offset.
///
/// Descents read the prefix caches: per level a branch-free count over a node's contiguous
/// prefixes picks the child and one load gives what lies before it; in the leaf, the rows are
/// summed. Caches are rebuilt lazily (see `innerUnitsBefore`), so a height change
/// is O(log n · branchCapacity), an estimate change O(1), and a query O(log n ·
/// branchCapacity) comparisons with O(log n) loads once the caches on its path are valid.
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

    /// The leaf arena. Every write goes through `write`, `copyRow` or `setFlagsKeepingHeight`.
    private(set) var ids: [Int64] = []
    private(set) var units: [UInt32] = []
    private(set) var flags: [UInt8] = []
    var leafCounts: [Int32] = []
    var leafParents: [Int32] = []
    var freeLeaves: [Int32] = []

    /// Prefix caches, so that a descent does one load per level instead of a scan of sums.
    /// (Rows have their own priced tops by row index, kept by the directory: `BlockTops`.)
    ///
    /// Inner nodes, for arena slot `s` of node `i`, over the node's children before `s`:
    /// `innerRowsBefore[s]` rows, `innerKnownBefore[s]` known units and
    /// `innerEstimatedBefore[s]` estimated rows per kind (these three do not depend on the
    /// estimates), and `innerUnitsBefore[s]`, their laid-out height priced at generation
    /// `innerGeneration[i]`.
    ///
    /// Invariants (checked by `_checkInvariants()`): a node whose generation is not
    /// `staleGeneration` has exact unpriced prefixes, and exact priced ones too if its
    /// generation is `estimates.generation`. Structural writes set `staleGeneration`; an
    /// estimate change makes every priced prefix stale at once (O(1)). Stale caches are
    /// rebuilt, O(branchCapacity), by the first descent that needs them (`refreshPrefixes`),
    /// so a structural change never pays for caches nobody reads. `propagate` keeps valid node
    /// caches valid.

    /// Inner node arena, struct of arrays: node `i` owns slots `i * innerStride ..<
    /// i * innerStride + innerCounts[i]` of `innerChildren` (leaves when the node is on
    /// level 1), `innerSummaries` (each child's summary) and the prefix caches above. One
    /// spare slot per node lets a node overflow by one child before it splits. Every write
    /// goes through the slot helpers below.
    private(set) var innerChildren: [Int32] = []
    private(set) var innerSummaries: [HeightSummary] = []
    private(set) var innerRowsBefore: [Int32] = []
    private(set) var innerKnownBefore: [Int64] = []
    private(set) var innerEstimatedBefore: [SIMD8<Int32>] = []
    private(set) var innerUnitsBefore: [Int64] = []
    private(set) var innerGeneration: [UInt64] = []
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
    /// The leaves in row order, for descent-free offsets and positions (see `LeafDirectory`);
    /// splices invalidate it, height changes keep it valid.
    var directory: LeafDirectory

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
        let records = rows.lazy.map { spec in
            spec.measuredHeight.map {
                RowRecord(id: spec.id.rawValue, kind: spec.kind, state: .measured, units: UInt32(HeightUnits.units($0)))
            } ?? RowRecord.estimated(id: spec.id.rawValue, kind: spec.kind)
        }
        try self.init(
            records: records, estimates: estimates, leafCapacity: leafCapacity, branchCapacity: branchCapacity,
            idsKnownUnique: false)
    }

    /// Builds an index of `records` as they are, in O(n), leaves filled evenly. Heights must
    /// already be valid; with `idsKnownUnique` (rows taken from another index) the ids are
    /// not checked for repeats, which spares a pass over the id table.
    ///
    /// - Throws: `.duplicateRow` if an id occurs twice and `idsKnownUnique` is false; nothing
    ///   is built then.
    init<Records: RandomAccessCollection<RowRecord>>(
        records rows: Records, estimates: HeightEstimates, leafCapacity: Int, branchCapacity: Int, idsKnownUnique: Bool
    ) throws(BatchUpdateError) {
        precondition(leafCapacity >= HeightIndex.smallestCapacity && branchCapacity >= HeightIndex.smallestCapacity)
        self.leafCapacity = leafCapacity
        self.branchCapacity = branchCapacity
        self.estimates = estimates
        directory = LeafDirectory(leafCapacity: leafCapacity)
        locator = RowLocator(rowCount: 0)

        let leafCount = max(1, (rows.count + leafCapacity - 1) / leafCapacity)
        ids = Array(repeating: 0, count: leafCount * leafCapacity)
        units = Array(repeating: 0, count: leafCount * leafCapacity)
        flags = Array(repeating: 0, count: leafCount * leafCapacity)
        leafCounts = Array(repeating: 0, count: leafCount)
        leafParents = Array(repeating: HeightIndex.noParent, count: leafCount)

        // The id table is built from the records themselves, so a large one is built on a
        // second core while this one fills the leaves (each reads only `rows`).
        var table = RowLocator(rowCount: rows.count)
        var twice: Int64?
        var level: [(node: Int32, summary: HeightSummary)] = []
        let buildTable = {
            twice = table.insertAll(rowCount: rows.count, leafCount: leafCount, checkingRepeats: !idsKnownUnique) {
                rows[rows.index(rows.startIndex, offsetBy: $0)].id
            }
        }
        if rows.count >= HeightIndex.rowsWorthASecondCore {
            runSideBySide(buildTable) { level = fillLeaves(from: rows, leafCount: leafCount) }
        } else {
            buildTable()
            level = fillLeaves(from: rows, leafCount: leafCount)
        }
        if let twice { throw .duplicateRow(RowID(twice), operation: "init") }
        locator = table
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
        rebuildDirectory()
    }

    /// Fills the empty leaf arena with `rows`, leaf `l` taking their even share `l`, and
    /// returns each leaf with its summary; the estimates and the summary count them.
    ///
    /// - Complexity: O(n).
    private mutating func fillLeaves<Records: RandomAccessCollection<RowRecord>>(
        from rows: Records, leafCount: Int
    ) -> [(node: Int32, summary: HeightSummary)] {
        var level: [(node: Int32, summary: HeightSummary)] = []
        level.reserveCapacity(leafCount)
        for leaf in 0..<leafCount {
            var leafSummary = HeightSummary.zero
            for row in HeightIndex.evenShare(of: rows.count, part: leaf, parts: leafCount) {
                let record = rows[rows.index(rows.startIndex, offsetBy: row)]
                if record.state.hasHeightOfRecord { estimates.add(record.units, kind: record.kind) }
                write(record, leaf: Int32(leaf), slot: Int(leafCounts[leaf]))
                leafCounts[leaf] += 1
                leafSummary += HeightSummary(record)
            }
            level.append((Int32(leaf), leafSummary))
            summary += leafSummary
        }
        return level
    }

    /// From this many rows on, a bulk build fills the leaves and the id table at once, on two
    /// cores (below it, handing work to a second thread costs more than it saves).
    static let rowsWorthASecondCore = 65_536

    /// Part `part` of `0..<count` cut into `parts` ranges whose sizes differ by at most one.
    static func evenShare(of count: Int, part: Int, parts: Int) -> Range<Int> {
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

    /// Copies the row in arena slot `source` to arena slot `target` (the locator is the caller's).
    @inline(__always)
    mutating func copyRow(from source: Int, to target: Int) {
        ids[target] = ids[source]
        units[target] = units[source]
        flags[target] = flags[source]
    }

    /// Sets the kind-and-state byte of arena slot `position` to a state with the same
    /// laid-out height (measured ↔ stale), so every cache stays valid.
    @inline(__always)
    mutating func setFlagsKeepingHeight(_ packed: UInt8, at position: Int) {
        flags[position] = packed
    }

    /// Appends the slots of one more leaf to the arena (capacity is the caller's).
    mutating func appendLeafStorage() {
        ids.append(contentsOf: repeatElement(0, count: leafCapacity))
        units.append(contentsOf: repeatElement(0, count: leafCapacity))
        flags.append(contentsOf: repeatElement(0, count: leafCapacity))
    }

    /// Reserves arena room for `leaves` leaves.
    mutating func reserveLeafStorage(_ leaves: Int) {
        ids.reserveCapacity(leaves * leafCapacity)
        units.reserveCapacity(leaves * leafCapacity)
        flags.reserveCapacity(leaves * leafCapacity)
    }

    /// Laid-out height of the row in `slot` of `leaf`, in `HeightUnits`.
    @inline(__always)
    func rowUnits(leaf: Int32, slot: Int) -> Int64 {
        let position = base(of: leaf) + slot
        return Int64(units[position]) &+ estimates.addendByFlags[Int(flags[position])]
    }

    /// Sum of the laid-out heights of the first `rows` rows of `leaf`, in `HeightUnits`.
    ///
    /// - Complexity: O(rows), two loads and an add per row.
    @inline(__always)
    func leafPrefixUnits(_ leaf: Int32, rows: Int) -> Int64 {
        let start = base(of: leaf)
        return units.withUnsafeBufferPointer { units in
            flags.withUnsafeBufferPointer { flags in
                estimates.addendByFlags.withUnsafeBufferPointer { addends in
                    var total: Int64 = 0
                    for position in start..<start + rows {
                        total &+= Int64(units[position]) &+ addends[Int(flags[position])]
                    }
                    return total
                }
            }
        }
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
        (ids.capacity + innerUnitsBefore.capacity + innerKnownBefore.capacity) * MemoryLayout<Int64>.stride
            + innerEstimatedBefore.capacity * MemoryLayout<SIMD8<Int32>>.stride
            + units.capacity * MemoryLayout<UInt32>.stride
            + flags.capacity * MemoryLayout<UInt8>.stride
            + innerGeneration.capacity * MemoryLayout<UInt64>.stride
            + (leafCounts.capacity + leafParents.capacity + freeLeaves.capacity + freeInners.capacity)
                * MemoryLayout<Int32>.stride
            + (innerChildren.capacity + innerCounts.capacity + innerParents.capacity + innerRowsBefore.capacity)
                * MemoryLayout<Int32>.stride
            + innerSummaries.capacity * MemoryLayout<HeightSummary>.stride
            + locator.byteCount + directory.byteCount
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

    /// Adds `delta`, a change of the row in `slot` of `leaf`, to the stored summary of every
    /// ancestor of `leaf` and to the total, and to the prefixes after it in each ancestor whose
    /// cache is current, and to the directory when it is valid (a splice invalidates it first).
    /// Call it after the estimates took the change into account.
    ///
    /// - Complexity: O(log n · branchCapacity).
    mutating func propagate(_ delta: HeightSummary, fromLeaf leaf: Int32, slot: Int) {
        summary += delta
        if directory.isValid {
            directory.add(knownUnits: delta.knownUnits, estimatedCounts: delta.estimatedCounts,
                          toRow: Int(directory.startOfLeaf[Int(leaf)]) + slot)
        }
        let generation = estimates.generation
        let deltaRows = Int32(truncatingIfNeeded: delta.rows)
        let deltaUnits = delta.units(at: estimates.current)
        var child = leaf
        var parent = leafParents[Int(leaf)]
        while parent != HeightIndex.noParent {
            let slot = childSlot(of: child, in: parent)
            innerSummaries[slot] += delta
            let nodeGeneration = innerGeneration[Int(parent)]
            if nodeGeneration != HeightIndex.staleGeneration {
                // One pass per prefix array, skipping those the change leaves as they are (a
                // height change moves no row and, between measured heights, no estimated
                // count), so only the cache lines that change are touched.
                let later = slot + 1..<firstSlot(of: parent) + childCount(of: parent)
                if deltaRows != 0 { for position in later { innerRowsBefore[position] &+= deltaRows } }
                if delta.knownUnits != 0 { for position in later { innerKnownBefore[position] &+= delta.knownUnits } }
                if delta.estimatedCounts != .zero {
                    for position in later { innerEstimatedBefore[position] &+= delta.estimatedCounts }
                }
                if nodeGeneration == generation, deltaUnits != 0 {
                    for position in later { innerUnitsBefore[position] &+= deltaUnits }
                }
            }
            child = parent
            parent = innerParents[Int(parent)]
        }
    }

    // MARK: Inner slots (the only writers of the inner arena)

    /// The generation no estimates ever have: the cache is stale.
    static let staleGeneration: UInt64 = 0

    /// Puts `child` with `childSummary` in arena slot `slot`.
    ///
    /// - Complexity: O(1).
    mutating func setChild(_ child: Int32, summary childSummary: HeightSummary, atSlot slot: Int) {
        innerChildren[slot] = child
        setChildSummary(childSummary, atSlot: slot)
    }

    /// Replaces the summary in arena slot `slot`; the node's prefix cache goes stale.
    ///
    /// - Complexity: O(1).
    mutating func setChildSummary(_ childSummary: HeightSummary, atSlot slot: Int) {
        innerSummaries[slot] = childSummary
        innerGeneration[slot / innerStride] = HeightIndex.staleGeneration
    }

    /// Adds `delta` to the summary in arena slot `slot`; the node's prefix cache goes stale.
    ///
    /// - Complexity: O(1).
    mutating func addToChild(_ delta: HeightSummary, atSlot slot: Int) {
        var sum = innerSummaries[slot]
        sum += delta
        setChildSummary(sum, atSlot: slot)
    }

    /// Copies arena slot `source` into slot `target` of the same node; its cache goes stale.
    ///
    /// - Complexity: O(1).
    mutating func copySlot(_ source: Int, to target: Int) {
        setChild(innerChildren[source], summary: innerSummaries[source], atSlot: target)
    }

    /// Appends the slots of one more inner node to the arena and returns the node.
    ///
    /// - Complexity: O(branchCapacity) amortised.
    mutating func appendInnerNode() -> Int32 {
        let node = Int32(innerCounts.count)
        innerChildren.append(contentsOf: repeatElement(0, count: innerStride))
        innerSummaries.append(contentsOf: repeatElement(.zero, count: innerStride))
        innerRowsBefore.append(contentsOf: repeatElement(0, count: innerStride))
        innerKnownBefore.append(contentsOf: repeatElement(0, count: innerStride))
        innerEstimatedBefore.append(contentsOf: repeatElement(.zero, count: innerStride))
        innerUnitsBefore.append(contentsOf: repeatElement(0, count: innerStride))
        innerGeneration.append(HeightIndex.staleGeneration)
        innerCounts.append(0)
        innerParents.append(HeightIndex.noParent)
        return node
    }

    // MARK: Prefix caches

    /// Whether `node`'s unpriced prefixes (rows, known units, estimated counts) are valid.
    @inline(__always)
    func hasUnpricedPrefixes(node: Int32) -> Bool { innerGeneration[Int(node)] != HeightIndex.staleGeneration }

    /// Whether `node`'s priced prefixes are valid at the current estimates (the unpriced then are too).
    @inline(__always)
    func hasCurrentPrefixes(node: Int32) -> Bool { innerGeneration[Int(node)] == estimates.generation }

    /// Makes `node`'s unpriced prefixes valid.
    ///
    /// - Complexity: O(1) when valid, else O(branchCapacity).
    @inline(__always)
    mutating func refreshUnpricedPrefixes(node: Int32) {
        if !hasUnpricedPrefixes(node: node) { rebuildPrefixes(node: node) }
    }

    /// Makes all of `node`'s prefixes valid at the current estimates.
    ///
    /// - Complexity: O(1) when current, else O(branchCapacity).
    @inline(__always)
    mutating func refreshPrefixes(node: Int32) {
        if !hasCurrentPrefixes(node: node) {
            if hasUnpricedPrefixes(node: node) { repricePrefixes(node: node) } else { rebuildPrefixes(node: node) }
        }
    }

    private mutating func rebuildPrefixes(node: Int32) {
        let first = firstSlot(of: node)
        var before = HeightSummary.zero
        for slot in first..<first + childCount(of: node) {
            innerRowsBefore[slot] = Int32(truncatingIfNeeded: before.rows)
            innerKnownBefore[slot] = before.knownUnits
            innerEstimatedBefore[slot] = before.estimatedCounts
            before += innerSummaries[slot]
        }
        repricePrefixes(node: node)
    }

    private mutating func repricePrefixes(node: Int32) {
        let current = estimates.current
        let first = firstSlot(of: node)
        for slot in first..<first + childCount(of: node) {
            innerUnitsBefore[slot] = HeightSummary.units(
                known: innerKnownBefore[slot], estimated: innerEstimatedBefore[slot], at: current)
        }
        innerGeneration[Int(node)] = estimates.generation
    }
}
