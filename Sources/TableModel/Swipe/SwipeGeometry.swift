/// How far each edge of one row can open, in px, and whether it allows a full swipe. The
/// table computes it from the row's configurations and the measured action widths.
public struct SwipeGeometry: Hashable, Sendable {
    /// The total width of the leading actions, or 0 when there are none.
    public var leadingWidth: Double
    public var trailingWidth: Double
    public var leadingFullSwipe: Bool
    public var trailingFullSwipe: Bool

    /// - Complexity: O(1).
    public init(leadingWidth: Double, trailingWidth: Double, leadingFullSwipe: Bool = false, trailingFullSwipe: Bool = false) {
        self.leadingWidth = leadingWidth
        self.trailingWidth = trailingWidth
        self.leadingFullSwipe = leadingFullSwipe
        self.trailingFullSwipe = trailingFullSwipe
    }

    /// - Complexity: O(1).
    public func width(of edge: SwipeEdge) -> Double {
        edge == .leading ? leadingWidth : trailingWidth
    }

    /// - Complexity: O(1).
    public func allowsFullSwipe(on edge: SwipeEdge) -> Bool {
        edge == .leading ? leadingFullSwipe : trailingFullSwipe
    }
}
