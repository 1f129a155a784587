/// Fixed-point heights. Every height is stored as a whole number of
/// `1 / unitsPerPoint` px, so every sum the engine keeps is an exact integer
/// and totals never drift, however many updates they go through.
enum HeightUnits {
    /// Resolution of stored heights: 1/64 px, finer than any display needs.
    static let unitsPerPoint: Double = 64

    /// The nearest unit count to `points`, which the caller has checked is finite and in
    /// `0...TableLayout.maximumRowHeight`. (Truncating `x + 0.5` rounds a non-negative `x`
    /// without calling libm, which the engine does not link.)
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func units(_ points: Double) -> Int64 {
        Int64(points * unitsPerPoint + 0.5)
    }

    /// The unit containing content offset `points` (rounded down); `points` is finite and ≥ 0.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func unitsRoundingDown(_ points: Double) -> Int64 {
        Int64(points * unitsPerPoint)
    }

    /// `units` in points.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func points(_ units: Int64) -> Double {
        Double(units) / unitsPerPoint
    }
}
