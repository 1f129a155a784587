/// The geometry of a grid row and its chips, supplied by the view; defaults for tests.
public struct GridMetrics: Hashable, Sendable {
    /// Space around the flow inside the row.
    public var padding: Double = 12
    /// Horizontal space between chips on a line.
    public var itemSpacing: Double = 8
    /// Vertical space between lines.
    public var lineSpacing: Double = 8
    /// A chip's horizontal and vertical padding around its label.
    public var chipPaddingX: Double = 12
    public var chipPaddingY: Double = 6
    public var font = FontDescription(family: "Sans", size: 13)

    /// - Complexity: O(1).
    public init() {}

    /// The width chips wrap at for a row `rowWidth` wide, never below 1.
    ///
    /// - Complexity: O(1).
    public func flowWidth(forRowWidth rowWidth: Double) -> Double {
        max(1, rowWidth - 2 * padding)
    }

    /// A chip's natural size from its label's size.
    ///
    /// - Complexity: O(1).
    public func chipSize(forLabel label: Size) -> Size {
        Size(width: label.width + 2 * chipPaddingX, height: label.height + 2 * chipPaddingY)
    }
}
