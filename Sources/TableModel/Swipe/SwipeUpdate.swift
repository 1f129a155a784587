/// What a swipe event changed, for the view to apply.
public struct SwipeUpdate: Hashable, Sendable {
    /// The gesture turned out to be a swipe: the view must not scroll the table with it.
    public var claimedGesture = false
    /// The gesture turned out to be vertical and was dropped: the view scrolls the table.
    public var abandonedGesture = false
    public var offsets: [SwipeOffsetChange] = []
    public var invocations: [SwipeInvocation] = []

    /// - Complexity: O(1).
    public init() {}

    /// Whether nothing changed.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { !claimedGesture && !abandonedGesture && offsets.isEmpty && invocations.isEmpty }
}
