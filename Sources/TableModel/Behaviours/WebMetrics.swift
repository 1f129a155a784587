/// The geometry of a web row (H1), supplied by the view; defaults for tests.
public struct WebMetrics: Hashable, Sendable {
    /// Space between the row's edges and its web view, on the left and right.
    public var paddingX: Double = 12
    /// Space above and below the web view.
    public var paddingY: Double = 6
    /// How much larger than its own CSS sizes the view draws a page's text: the text scaling
    /// factor (1 unscaled, 1.25 with Large Text). Layout width, images and paddings do not scale.
    public var textScale: Double = 1

    /// - Complexity: O(1).
    public init() {}

    /// The width the web view lays its document out at for a row `rowWidth` wide, never below 1.
    ///
    /// - Complexity: O(1).
    public func contentWidth(forRowWidth rowWidth: Double) -> Double {
        max(1, (rowWidth - 2 * paddingX).rounded(.down))
    }

    /// The row's height for `fit`, or nil when `fit` was measured at another width than a row
    /// `rowWidth` wide lays its document out at, or at another ``textScale`` (the view
    /// measures again).
    ///
    /// - Complexity: O(1).
    public func rowHeight(for fit: WebFit, rowWidth: Double) -> Double? {
        guard abs(fit.contentWidth - contentWidth(forRowWidth: rowWidth)) < 0.5, abs(fit.textScale - textScale) < 1e-6 else { return nil }
        return fit.documentHeight + 2 * paddingY
    }
}
