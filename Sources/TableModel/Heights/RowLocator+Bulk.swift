extension RowLocator {
    /// Records every row of a freshly built index at once: row `r` (in row order) has id
    /// `id(r)`, and leaf `l` holds the rows of even share `l`
    /// (`HeightIndex.evenShare(of: rowCount, part: l, parts: leafCount)`). The table must be
    /// empty. It reads no leaf, so it can run while another thread fills the leaves.
    ///
    /// Inserting row by row in row order writes one random slot per row, a cache and TLB
    /// miss each at a million rows. Here each row's entry is tagged with its first slot and
    /// the tagged entries are put in buckets by the first slot's top ``bucketBits`` bits (one
    /// counting pass, reading and writing arrays in order); then each bucket's entries are
    /// inserted by linear probing, which touches only that bucket's stretch of slots (4 KB at
    /// a million rows) and the start of the next. Linear probing builds a valid table in any
    /// insertion order, so the order inside a bucket does not matter.
    ///
    /// With `checkingRepeats`, each occupied slot an entry probes past with the entry's
    /// fingerprint is compared by looking the two leaves' ids up: a repeated id has the same
    /// first slot and fingerprint as its twin, so its probe passes the twin's slot.
    /// Without it (ids taken from another index) nothing is compared.
    ///
    /// - Returns: an id that occurs twice (the table is then incomplete), or nil.
    /// - Complexity: O(n) for n rows, plus, with `checkingRepeats`, O(leafCapacity) per
    ///   fingerprint met on a probe path (about one probe in 256).
    mutating func insertAll(rowCount: Int, leafCount: Int, checkingRepeats: Bool, id: (Int) -> Int64) -> Int64? {
        precondition(liveCount == 0 && leafCount < RowLocator.leafLimit, "height index: bulk insert into a used table")
        let mask = mask
        let homeBits = (mask + 1).trailingZeroBitCount
        let bucketShift = max(0, homeBits - RowLocator.bucketBits)
        // starts[b + 1] counts bucket b's entries, then starts[b] is where bucket b begins.
        var starts = [Int](repeating: 0, count: (mask + 1) >> bucketShift + 1)
        var tagged: [UInt64] = []
        tagged.reserveCapacity(rowCount)
        for leaf in 0..<leafCount {
            for row in HeightIndex.evenShare(of: rowCount, part: leaf, parts: leafCount) {
                let hash = RowLocator.hash(id(row))
                let home = Int(truncatingIfNeeded: hash) & mask
                tagged.append(UInt64(home) << 32 | UInt64(RowLocator.entry(leaf: Int32(leaf), hash: hash)))
                starts[home >> bucketShift + 1] += 1
            }
        }
        for bucket in starts.indices.dropFirst() { starts[bucket] += starts[bucket - 1] }
        let bucketed = [UInt64](unsafeUninitializedCapacity: rowCount) { bucketed, initialized in
            starts.withUnsafeMutableBufferPointer { next in
                for item in tagged {
                    let bucket = Int(item >> 32) >> bucketShift
                    bucketed[next[bucket]] = item
                    next[bucket] += 1
                }
            }
            initialized = rowCount
        }
        let twice: Int64? = slots.withUnsafeMutableBufferPointer { slots in
            for item in bucketed {
                let entry = UInt32(truncatingIfNeeded: item)
                var slot = Int(item >> 32)
                while slots[slot] != RowLocator.empty {
                    if checkingRepeats, slots[slot] & 0xFF == entry & 0xFF,
                       let twice = RowLocator.sharedID(slots[slot], entry, rowCount: rowCount, leafCount: leafCount, id: id) {
                        return twice
                    }
                    slot = (slot + 1) & mask
                }
                slots[slot] = entry
            }
            return nil
        }
        if let twice { return twice }
        liveCount = rowCount
        return nil
    }

    /// The bits of a first slot that pick its bucket in ``insertAll(rowCount:leafCount:checkingRepeats:id:)``:
    /// 2,048 buckets, few enough that the counting pass's writes stay in cache.
    private static let bucketBits = 11

    /// An id of entry `first`'s leaf with `first`'s fingerprint that also occurs in entry
    /// `second`'s leaf (twice in it, when both are the same leaf), or nil.
    private static func sharedID(_ first: UInt32, _ second: UInt32, rowCount: Int, leafCount: Int, id: (Int) -> Int64) -> Int64? {
        let (one, other) = (Int(leaf(in: first)), Int(leaf(in: second)))
        let rows = { (leaf: Int) in HeightIndex.evenShare(of: rowCount, part: leaf, parts: leafCount) }
        let fingerprintOfEntry = first & 0xFF
        for row in rows(one) where fingerprint(hash(id(row))) == fingerprintOfEntry {
            var occurrences = 0
            for candidate in rows(other) where id(candidate) == id(row) { occurrences += 1 }
            if occurrences >= (one == other ? 2 : 1) { return id(row) }
        }
        return nil
    }
}
