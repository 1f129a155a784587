/// The sizing rules of a note row (N1, N2, N4).
public enum NoteSizing {
    /// The text area's height while collapsed; the text scrolls inside it (N1).
    public static let collapsedTextHeight: Double = 64

    /// The text area's height: exactly ``collapsedTextHeight`` when collapsed, else the
    /// content's height but never less.
    ///
    /// - Complexity: O(1).
    public static func textAreaHeight(contentHeight: Double, expanded: Bool) -> Double {
        expanded ? max(collapsedTextHeight, contentHeight) : collapsedTextHeight
    }

    /// Whether Expand/Collapse is sensitive: only when the text does not fit (N2).
    ///
    /// - Complexity: O(1).
    public static func canExpand(contentHeight: Double) -> Bool {
        contentHeight > collapsedTextHeight
    }
}
