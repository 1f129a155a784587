/// Fixed-point heights. Every height is stored as a whole number of
/// `1 / unitsPerPoint` px, so every sum the engine keeps is an exact integer
/// and totals never drift, however many updates they go through.
enum HeightUnits {
    /// Resolution of stored heights: 1/64 px, finer than any display needs.
    static let unitsPerPoint: Double = 64

    /// The nearest unit count to `points`. The caller has validated `points`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func units(_ points: Double) -> Int64 {
        Int64((points * unitsPerPoint).rounded())
    }

    /// `units` in points.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func points(_ units: Int64) -> Double {
        Double(units) / unitsPerPoint
    }
}
