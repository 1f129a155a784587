/// The geometry of a row whose content could not be read: its message, wrapped inside the
/// padding. Supplied by the view; defaults for tests.
///
/// Row height = `2 * paddingY + ` the message's height at ``textWidth(forRowWidth:)``.
public struct UnreadableRowMetrics: Hashable, Sendable {
    public var paddingX: Double = 12
    public var paddingY: Double = 8
    public var font = FontDescription(family: "Sans", size: 14)

    /// - Complexity: O(1).
    public init() {}

    /// The width the message wraps at for a row `rowWidth` wide, never below 1.
    ///
    /// - Complexity: O(1).
    public func textWidth(forRowWidth rowWidth: Double) -> Double {
        max(1, rowWidth - 2 * paddingX)
    }
}
