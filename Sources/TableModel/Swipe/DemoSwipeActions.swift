/// The demo's actions (S6): trailing Delete and Flag, leading Pin and Done.
public enum DemoSwipeActions {
    public static let delete = SwipeAction(identifier: "delete", title: "Delete", iconName: "user-trash-symbolic", style: .destructive, color: .red)
    public static let flag = SwipeAction(identifier: "flag", title: "Flag", iconName: "emblem-important-symbolic", color: .orange)
    public static let pin = SwipeAction(identifier: "pin", title: "Pin", iconName: "view-pin-symbolic", color: .blue)
    public static let done = SwipeAction(identifier: "done", title: "Done", iconName: "object-select-symbolic", color: .green)

    /// The trailing configuration; a full swipe deletes when `fullSwipe` is on.
    ///
    /// - Complexity: O(1).
    public static func trailing(fullSwipe: Bool) -> SwipeConfiguration {
        SwipeConfiguration(actions: [delete, flag], performsFirstActionWithFullSwipe: fullSwipe)
    }

    /// The leading configuration; a full swipe pins when `fullSwipe` is on.
    ///
    /// - Complexity: O(1).
    public static func leading(fullSwipe: Bool) -> SwipeConfiguration {
        SwipeConfiguration(actions: [pin, done], performsFirstActionWithFullSwipe: fullSwipe)
    }
}
