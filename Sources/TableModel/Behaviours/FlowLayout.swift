/// A flow of items: left to right, wrapping to a new line when the next item would pass the
/// width (G1). A line is as tall as its tallest item. An item wider than the whole width is
/// clamped to it, and the view ellipsizes it (G3).
///
/// Invariants: every frame lies within `0...width` horizontally; lines do not overlap.
public struct FlowLayout: Hashable, Sendable {
    /// One frame per item, in order.
    public private(set) var frames: [Rect]
    /// Which items were narrowed to fit.
    public private(set) var clamped: [Bool]
    /// The height of all lines and the spacing between them; 0 with no items.
    public private(set) var contentHeight: Double

    /// - Precondition: `width`, spacings and sizes are valid lengths.
    /// - Complexity: O(n) in the number of items.
    public init(itemSizes: [Size], width: Double, itemSpacing: Double, lineSpacing: Double) {
        frames = []
        frames.reserveCapacity(itemSizes.count)
        clamped = []
        clamped.reserveCapacity(itemSizes.count)
        var x = 0.0
        var lineTop = 0.0
        var lineHeight = 0.0
        for size in itemSizes {
            let itemWidth = min(size.width, width)
            clamped.append(itemWidth < size.width)
            if x > 0 && x + itemSpacing + itemWidth > width {
                lineTop += lineHeight + lineSpacing
                x = 0
                lineHeight = 0
            } else if x > 0 {
                x += itemSpacing
            }
            frames.append(Rect(x: x, y: lineTop, width: itemWidth, height: size.height))
            x += itemWidth
            lineHeight = max(lineHeight, size.height)
        }
        contentHeight = itemSizes.isEmpty ? 0 : lineTop + lineHeight
    }
}
