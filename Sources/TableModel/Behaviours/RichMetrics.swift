/// The geometry of a rich row, supplied by the view; defaults for tests.
public struct RichMetrics: Hashable, Sendable {
    public var padding: Double = 12
    /// The height of the row that shows a loading failure (R1).
    public var errorHeight: Double = 56
    public var font = FontDescription(family: "Sans", size: 14)

    /// - Complexity: O(1).
    public init() {}

    /// The width the markup wraps at for a row `rowWidth` wide, never below 1.
    ///
    /// - Complexity: O(1).
    public func textWidth(forRowWidth rowWidth: Double) -> Double {
        max(1, rowWidth - 2 * padding)
    }
}
