/// The rows a find query matched (F1), by id: built once off the main thread from the
/// index's ids, then asked about each row while the filtered table is built.
///
/// Stored as a bit set over `0...largest id` when the largest id is below ``denseLimit`` or
/// the bits take no more memory than the ids would (generated and imported tables number their
/// rows from 1), else as a hash set.
public struct RowMatches: Sendable {
    /// Ids below this always go in a bit set (at most 8 MB), however few matched: testing a
    /// bit for each of a million rows costs a fraction of hashing each id.
    static let denseLimit: Int64 = 1 << 26

    /// How many distinct rows matched.
    public let count: Int
    /// The bit set (empty when the ids are kept in `sparse`), read directly by the filter's pass.
    let bits: [UInt64]
    let sparse: Set<Int64>

    /// - Parameter sortedIDs: the matching ids in ascending order (duplicates allowed).
    /// - Complexity: O(m + largest id / 64) for m ids.
    public init(sortedIDs: [Int64]) {
        let largest = sortedIDs.last ?? -1
        let smallest = sortedIDs.first ?? 0
        if smallest >= 0 && (largest < Self.denseLimit || largest / 64 <= Int64(sortedIDs.count)) {
            var bits = [UInt64](repeating: 0, count: Int(largest / 64) + 1)
            var count = 0
            for id in sortedIDs {
                let word = Int(id / 64)
                let bit = UInt64(1) << UInt64(id % 64)
                if bits[word] & bit == 0 { count += 1 }
                bits[word] |= bit
            }
            self.bits = bits
            self.sparse = []
            self.count = count
        } else {
            bits = []
            sparse = Set(sortedIDs)
            count = sparse.count
        }
    }

    /// Whether row `id` matched.
    ///
    /// - Complexity: O(1) (expected, for the hash set).
    public func contains(_ id: RowID) -> Bool {
        let raw = id.rawValue
        if !bits.isEmpty || sparse.isEmpty {
            guard raw >= 0, raw / 64 < Int64(bits.count) else { return false }
            return bits[Int(raw / 64)] & (UInt64(1) << UInt64(raw % 64)) != 0
        }
        return sparse.contains(raw)
    }
}
