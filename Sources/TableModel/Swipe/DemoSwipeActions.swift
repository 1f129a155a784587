/// The demo's actions (S6): trailing Delete and Flag, leading Pin and Done. Each reflects the
/// row's marks and reverses them (S9): a flagged row offers Unflag, a done row Not Done, a
/// pinned row Unpin.
public enum DemoSwipeActions {
    public static let delete = SwipeAction(identifier: "delete", title: "Delete", iconName: "user-trash-symbolic", style: .destructive, color: .red)
    public static let flag = SwipeAction(identifier: "flag", title: "Flag", iconName: "emblem-important-symbolic", color: .orange)
    public static let unflag = SwipeAction(identifier: "unflag", title: "Unflag", iconName: "emblem-important-symbolic", color: .orange)
    public static let pin = SwipeAction(identifier: "pin", title: "Pin", iconName: "view-pin-symbolic", color: .blue)
    public static let unpin = SwipeAction(identifier: "unpin", title: "Unpin", iconName: "view-pin-symbolic", color: .blue)
    public static let done = SwipeAction(identifier: "done", title: "Done", iconName: "object-select-symbolic", color: .green)
    public static let notDone = SwipeAction(identifier: "not-done", title: "Not Done", iconName: "edit-undo-symbolic", color: .green)

    /// The trailing configuration for `row`; a full swipe deletes when `fullSwipe` is on.
    ///
    /// - Complexity: O(1).
    public static func trailing(for row: Row, fullSwipe: Bool) -> SwipeConfiguration {
        SwipeConfiguration(actions: [delete, row.flagged ? unflag : flag], performsFirstActionWithFullSwipe: fullSwipe)
    }

    /// The leading configuration for `row`; a full swipe pins (or unpins) when `fullSwipe` is on.
    ///
    /// - Complexity: O(1).
    public static func leading(for row: Row, fullSwipe: Bool) -> SwipeConfiguration {
        SwipeConfiguration(actions: [row.pinned ? unpin : pin, row.done ? notDone : done], performsFirstActionWithFullSwipe: fullSwipe)
    }
}
