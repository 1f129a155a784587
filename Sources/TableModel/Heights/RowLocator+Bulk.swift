extension RowLocator {
    /// Records every row of a freshly built leaf arena at once: leaf `l` holds `ids` slots
    /// `l * leafCapacity ..< l * leafCapacity + leafCounts[l]`. The table must be empty.
    ///
    /// Inserting row by row writes one random slot per row, a cache and TLB miss each at a
    /// million rows. Here each row's entry is tagged with its first slot, the tagged entries
    /// are radix-sorted by that slot (11 bits a pass, reading and writing arrays in order),
    /// and laid down front to back: an entry goes to its first slot or, if that is taken, to
    /// the slot after the previous entry, which keeps every entry on its probe path as linear
    /// probing requires. The few that would run past the end wrap round from slot 0.
    /// A repeated id has the same first slot and fingerprint as its twin, so it sorts next
    /// to it; only such neighbours are compared, by looking the ids up in their leaves.
    ///
    /// Without `checkingRepeats` (ids taken from another index) the neighbours are not compared.
    ///
    /// - Returns: an id that occurs twice (the table is then incomplete), or nil.
    /// - Complexity: O(n) for n rows, plus O(leafCapacity) per pair of neighbours whose
    ///   first slot and fingerprint agree (about one pair in 500 at half load).
    mutating func insertAll(arena ids: [Int64], leafCounts: [Int32], leafCapacity: Int, checkingRepeats: Bool = true) -> Int64? {
        precondition(liveCount == 0 && leafCounts.count < RowLocator.leafLimit, "height index: bulk insert into a used table")
        var tagged: [UInt64] = []
        tagged.reserveCapacity(leafCounts.reduce(0) { $0 + Int($1) })
        for leaf in leafCounts.indices {
            let base = leaf * leafCapacity
            for position in base..<base + Int(leafCounts[leaf]) {
                let hash = RowLocator.hash(ids[position])
                let home = UInt64(Int(truncatingIfNeeded: hash) & mask)
                tagged.append(home << 32 | UInt64(RowLocator.entry(leaf: Int32(leaf), hash: hash)))
            }
        }
        RowLocator.sortByHome(&tagged, homeBits: (mask + 1).trailingZeroBitCount)
        if checkingRepeats, let twice = RowLocator.repeatedID(in: tagged, ids: ids, leafCounts: leafCounts, leafCapacity: leafCapacity) { return twice }
        var next = 0
        var wrapped: [UInt64] = []
        slots.withUnsafeMutableBufferPointer { slots in
            for item in tagged {
                let position = max(Int(item >> 32), next)
                guard position < slots.count else {
                    wrapped.append(item)
                    continue
                }
                slots[position] = UInt32(truncatingIfNeeded: item)
                next = position + 1
            }
        }
        for item in wrapped {
            var slot = Int(item >> 32)
            while slots[slot] != RowLocator.empty { slot = (slot + 1) & mask }
            slots[slot] = UInt32(truncatingIfNeeded: item)
        }
        liveCount = tagged.count
        return nil
    }

    /// Sorts tagged entries by their first slot (the high 32 bits), least significant digit
    /// first, 11 bits a pass; stable, so equal slots keep arena order.
    ///
    /// - Complexity: O(n · ⌈homeBits / 11⌉).
    private static func sortByHome(_ tagged: inout [UInt64], homeBits: Int) {
        let digitBits = 11
        var spare = [UInt64](repeating: 0, count: tagged.count)
        var counts = [Int](repeating: 0, count: 1 << digitBits)
        for shift in stride(from: 32, to: 32 + homeBits, by: digitBits) {
            let digitMask = UInt64(1 << digitBits - 1)
            for index in counts.indices { counts[index] = 0 }
            for item in tagged { counts[Int(item >> UInt64(shift) & digitMask)] += 1 }
            var start = 0
            for index in counts.indices { (counts[index], start) = (start, start + counts[index]) }
            tagged.withUnsafeBufferPointer { source in
                spare.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for item in source {
                            let digit = Int(item >> UInt64(shift) & digitMask)
                            target[counts[digit]] = item
                            counts[digit] += 1
                        }
                    }
                }
            }
            swap(&tagged, &spare)
        }
    }

    /// An id that two neighbours in `tagged` (sorted by first slot) both hold, or nil.
    private static func repeatedID(in tagged: [UInt64], ids: [Int64], leafCounts: [Int32], leafCapacity: Int) -> Int64? {
        var runStart = 0
        for index in tagged.indices.dropFirst() {
            if tagged[index] >> 32 != tagged[runStart] >> 32 {
                runStart = index
                continue
            }
            for earlier in runStart..<index where tagged[earlier] & 0xFF == tagged[index] & 0xFF {
                if let twice = sharedID(UInt32(truncatingIfNeeded: tagged[earlier]), UInt32(truncatingIfNeeded: tagged[index]),
                                        ids: ids, leafCounts: leafCounts, leafCapacity: leafCapacity) {
                    return twice
                }
            }
        }
        return nil
    }

    /// An id of entry `first`'s leaf with `first`'s fingerprint that also occurs in entry
    /// `second`'s leaf (twice in it, when both are the same leaf), or nil.
    private static func sharedID(_ first: UInt32, _ second: UInt32, ids: [Int64], leafCounts: [Int32], leafCapacity: Int) -> Int64? {
        let (one, other) = (Int(leaf(in: first)), Int(leaf(in: second)))
        let rows = { (leaf: Int) in leaf * leafCapacity..<leaf * leafCapacity + Int(leafCounts[leaf]) }
        let fingerprintOfEntry = first & 0xFF
        for position in rows(one) where fingerprint(hash(ids[position])) == fingerprintOfEntry {
            let occurrences = ids[rows(other)].lazy.filter { $0 == ids[position] }.count
            if occurrences >= (one == other ? 2 : 1) { return ids[position] }
        }
        return nil
    }
}
