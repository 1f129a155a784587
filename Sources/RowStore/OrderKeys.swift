/// Gapped integer order keys: a row's place is its key's rank, so inserting or moving a row
/// writes only that row, with a key between its neighbours'. When two neighbours' keys
/// touch, a small window around them is spread out again (``RowDatabase`` does that).
///
/// Keys stay within ±``limit``, so no arithmetic here can overflow.
enum OrderKeys {
    /// The distance between consecutive keys after an import or a spread.
    static let gap: Int64 = 1 << 32
    /// The smallest spacing a spread may leave; below it the window grows.
    static let minimumSpacing: Int64 = 1 << 16
    /// No key goes beyond this (about 2.3e18), whatever a file holds.
    static let limit: Int64 = Int64.max / 4

    /// The key of the `index`th row (0-based) of a freshly numbered table.
    ///
    /// - Complexity: O(1).
    static func key(at index: Int) -> Int64 {
        min(Int64(index + 1) &* gap, limit)
    }

    /// A key read from a file, clamped into range.
    ///
    /// - Complexity: O(1).
    static func clamped(_ key: Int64) -> Int64 { min(max(key, -limit), limit) }

    /// A key strictly between `lower` and `upper` (nil: no bound on that side), or nil when
    /// there is none and the neighbourhood must be spread first.
    ///
    /// - Complexity: O(1).
    static func between(_ lower: Int64?, _ upper: Int64?) -> Int64? {
        switch (lower.map(clamped), upper.map(clamped)) {
        case (nil, nil): return gap
        case (let lower?, nil): return lower <= limit - gap ? lower + gap : nil
        case (nil, let upper?): return upper >= -limit + gap ? upper - gap : nil
        case (let lower?, let upper?): return upper - lower >= 2 ? lower + (upper - lower) / 2 : nil
        }
    }
}
