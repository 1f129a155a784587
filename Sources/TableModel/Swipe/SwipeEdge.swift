/// The side of a row whose actions a swipe reveals, in reading order. Leading is the left in
/// left-to-right locales and the right in right-to-left ones (S8).
public enum SwipeEdge: Hashable, Sendable, CaseIterable {
    case leading
    case trailing
}

/// The reading direction of the user interface.
public enum LayoutDirection: Hashable, Sendable {
    case leftToRight
    case rightToLeft

    /// The edge whose actions a positive offset (content moved right) reveals.
    ///
    /// - Complexity: O(1).
    func edge(forOffset offset: Double) -> SwipeEdge {
        (offset > 0) == (self == .leftToRight) ? .leading : .trailing
    }

    /// The sign of the offset that reveals `edge`: +1 (content moves right) or −1.
    ///
    /// - Complexity: O(1).
    func sign(of edge: SwipeEdge) -> Double {
        (edge == .leading) == (self == .leftToRight) ? 1 : -1
    }
}
