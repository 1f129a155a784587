/// A compact open-addressing table from row id to the index leaf that holds the row.
///
/// Each slot is 4 bytes: the leaf number (24 bits) and an 8-bit fingerprint of the id's
/// hash. The id itself is not stored; a candidate is confirmed by looking for the id in
/// the leaf, which the caller does through `isInLeaf`. Entries with the same fingerprint
/// and leaf are interchangeable, so `relocate` and `remove` may pick any of them.
/// Linear probing; removal leaves a tombstone; the owner rebuilds the table from its
/// leaves when `needsRebuild` says so.
///
/// Invariant: exactly one live entry per row, whose leaf field is the row's leaf, on the
/// probe path of the row's id.
struct RowLocator: Sendable {
    var slots: [UInt32]
    private(set) var mask: Int
    var liveCount = 0
    private var tombstoneCount = 0

    static let empty: UInt32 = 0
    private static let tombstone: UInt32 = .max
    private static let fingerprintBits: UInt32 = 8
    /// Leaf numbers must stay below this so an entry never equals `tombstone`.
    static let leafLimit: Int32 = (1 << 24) - 2
    /// Rebuild when live entries plus tombstones would pass 3/4 of the slots.
    private static let maximumLoadNumerator = 3
    private static let maximumLoadDenominator = 4
    private static let minimumCapacity = 16

    /// An empty table sized for `rowCount` rows at about half load.
    init(rowCount: Int) {
        var capacity = RowLocator.minimumCapacity
        while capacity < rowCount * 2 { capacity <<= 1 }
        slots = Array(repeating: RowLocator.empty, count: capacity)
        mask = capacity - 1
    }

    /// Whether adding `additional` entries would pass the maximum load.
    func needsRebuild(adding additional: Int) -> Bool {
        (liveCount + tombstoneCount + additional) * RowLocator.maximumLoadDenominator
            > slots.count * RowLocator.maximumLoadNumerator
    }

    /// Bytes of storage the table holds.
    var byteCount: Int { slots.capacity * MemoryLayout<UInt32>.stride }

    /// The leaf holding `id`, or nil. `isInLeaf(leaf)` confirms a candidate leaf.
    ///
    /// - Complexity: O(1) expected probes.
    @inline(__always)
    func leaf(of id: Int64, isInLeaf: (Int32) -> Bool) -> Int32? {
        guard let slot = firstSlot(for: id, where: isInLeaf) else { return nil }
        return RowLocator.leaf(in: slots[slot])
    }

    /// Records that `id` is in `leaf`. The id must not be present.
    ///
    /// - Complexity: O(1) expected; the caller has checked `needsRebuild(adding: 1)`.
    mutating func insert(_ id: Int64, leaf: Int32) {
        precondition(leaf < RowLocator.leafLimit, "height index: too many leaves")
        let hash = RowLocator.hash(id)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != RowLocator.empty && slots[slot] != RowLocator.tombstone {
            slot = (slot + 1) & mask
        }
        if slots[slot] == RowLocator.tombstone { tombstoneCount -= 1 }
        slots[slot] = RowLocator.entry(leaf: leaf, hash: hash)
        liveCount += 1
    }

    /// Records that `id` moved from leaf `old` to leaf `new`.
    ///
    /// - Complexity: O(1) expected.
    mutating func relocate(_ id: Int64, from old: Int32, to new: Int32) {
        guard let slot = firstSlot(for: id, where: { $0 == old }) else {
            preconditionFailure("height index: row \(id) is not in leaf \(old)")
        }
        slots[slot] = RowLocator.entry(leaf: new, hash: RowLocator.hash(id))
    }

    /// Forgets `id`, which is in `leaf`.
    ///
    /// - Complexity: O(1) expected.
    mutating func remove(_ id: Int64, from leaf: Int32) {
        guard let slot = firstSlot(for: id, where: { $0 == leaf }) else {
            preconditionFailure("height index: row \(id) is not in leaf \(leaf)")
        }
        slots[slot] = RowLocator.tombstone
        liveCount -= 1
        tombstoneCount += 1
    }

    /// The first slot on `id`'s probe path with its fingerprint whose leaf passes `accept`.
    @inline(__always)
    private func firstSlot(for id: Int64, where accept: (Int32) -> Bool) -> Int? {
        let hash = RowLocator.hash(id)
        let fingerprint = RowLocator.fingerprint(hash)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == RowLocator.empty { return nil }
            if entry != RowLocator.tombstone, entry & 0xFF == fingerprint,
               accept(RowLocator.leaf(in: entry)) {
                return slot
            }
            slot = (slot + 1) & mask
        }
    }

    /// A 64-bit finaliser (MurmurHash3's fmix64): every id bit affects slot and fingerprint.
    @inline(__always)
    static func hash(_ id: Int64) -> UInt64 {
        var x = UInt64(bitPattern: id)
        x ^= x >> 33
        x &*= 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        x &*= 0xc4ce_b9fe_1a85_ec53
        x ^= x >> 33
        return x
    }

    @inline(__always)
    static func fingerprint(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 56) }

    @inline(__always)
    static func entry(leaf: Int32, hash: UInt64) -> UInt32 {
        UInt32(leaf + 1) << fingerprintBits | fingerprint(hash)
    }

    @inline(__always)
    static func leaf(in entry: UInt32) -> Int32 { Int32(entry >> fingerprintBits) - 1 }
}
