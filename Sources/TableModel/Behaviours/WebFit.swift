/// A web row's document height as the view measured it, and the width and text scale it was
/// laid out at (H1). Runtime only; never saved: the view measures each web row again after every start.
///
/// Invariant: all three are finite; `contentWidth` > 0, `documentHeight` ≥ 0, `textScale` > 0.
public struct WebFit: Hashable, Sendable {
    public var contentWidth: Double
    public var documentHeight: Double
    /// The page's text zoom when it was measured (``WebMetrics/textScale``).
    public var textScale: Double

    /// - Complexity: O(1).
    public init(contentWidth: Double, documentHeight: Double, textScale: Double = 1) {
        self.contentWidth = contentWidth
        self.documentHeight = documentHeight
        self.textScale = textScale
    }
}
