/// A web row's document height as the view measured it, and the width it was laid out at (H1).
/// Runtime only; never saved: the view measures each web row again after every start.
///
/// Invariant: both lengths are finite; `contentWidth` > 0 and `documentHeight` ≥ 0.
public struct WebFit: Hashable, Sendable {
    public var contentWidth: Double
    public var documentHeight: Double

    /// - Complexity: O(1).
    public init(contentWidth: Double, documentHeight: Double) {
        self.contentWidth = contentWidth
        self.documentHeight = documentHeight
    }
}
