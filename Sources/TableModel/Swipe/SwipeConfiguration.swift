/// The actions on one edge of a row (S1, S4).
public struct SwipeConfiguration: Hashable, Sendable {
    /// From the row's edge inwards; the first is the one a full swipe performs.
    public var actions: [SwipeAction]
    /// Whether swiping past ``SwipeTuning/fullSwipeFraction`` of the row performs the first
    /// action. Off by default (S4).
    public var performsFirstActionWithFullSwipe: Bool

    /// - Complexity: O(1).
    public init(actions: [SwipeAction], performsFirstActionWithFullSwipe: Bool = false) {
        self.actions = actions
        self.performsFirstActionWithFullSwipe = performsFirstActionWithFullSwipe
    }
}
