/// The sizing rules of a note row (N1, N2, N4).
public enum NoteSizing {
    /// The text area's height while collapsed; the text scrolls inside it (N1).
    public static let collapsedTextHeight: Double = 64

    /// Whether the text fits in the collapsed area, so the note needs no Expand/Collapse (N2).
    /// A height that is no length counts as not fitting.
    ///
    /// - Complexity: O(1).
    public static func fits(contentHeight: Double) -> Bool {
        contentHeight <= collapsedTextHeight
    }

    /// The text area's height: a note whose text fits hugs it (the measured height of any
    /// text, even an empty one, is at least one line); one that overflows is exactly
    /// ``collapsedTextHeight`` when collapsed, else as tall as its text.
    ///
    /// - Complexity: O(1).
    public static func textAreaHeight(contentHeight: Double, expanded: Bool) -> Double {
        expanded || fits(contentHeight: contentHeight) ? contentHeight : collapsedTextHeight
    }

    /// Whether Expand/Collapse is shown: only when the text does not fit (N2).
    ///
    /// - Complexity: O(1).
    public static func canExpand(contentHeight: Double) -> Bool {
        !fits(contentHeight: contentHeight)
    }
}
