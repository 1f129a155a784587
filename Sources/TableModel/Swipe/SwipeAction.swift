/// One button revealed behind a row (S1).
public struct SwipeAction: Hashable, Sendable {
    /// Normal or destructive; a destructive action is drawn as a warning and usually removes the row.
    public enum Style: Hashable, Sendable {
        case normal
        case destructive
    }

    /// A stable name the app dispatches on, such as "delete".
    public var identifier: String
    public var title: String
    /// A themed icon name, such as "user-trash-symbolic".
    public var iconName: String
    public var style: Style
    public var color: SwipeColor

    /// - Complexity: O(1).
    public init(identifier: String, title: String, iconName: String, style: Style = .normal, color: SwipeColor) {
        self.identifier = identifier
        self.title = title
        self.iconName = iconName
        self.style = style
        self.color = color
    }
}
