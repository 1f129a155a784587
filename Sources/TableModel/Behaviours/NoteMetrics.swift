/// The chrome around a note's text area, supplied by the view (it knows its CSS); the
/// defaults are for tests. Layout: padding, the text area, then, when the note has a button
/// or marks to show, `spacing` and a bar `buttonHeight` tall (the Expand/Collapse button and
/// the marks), and padding.
///
/// Row height = `paddingTop + textAreaHeight + [spacing + buttonHeight] + paddingBottom`;
/// the text wraps at `rowWidth - paddingLeading - paddingTrailing - textInset * 2 - caretReserve`.
public struct NoteMetrics: Hashable, Sendable {
    public var paddingTop: Double = 8
    public var paddingBottom: Double = 8
    public var paddingLeading: Double = 12
    public var paddingTrailing: Double = 12
    /// The text view's own left and right margin.
    public var textInset: Double = 4
    /// Width the text view keeps free at the end of each line for the caret (GtkTextView
    /// wraps 1 px short of its width), so long paragraphs wrap where the widget wraps them.
    public var caretReserve: Double = 0
    public var spacing: Double = 6
    public var buttonHeight: Double = 32
    public var font = FontDescription(family: "Sans", size: 14)

    /// - Complexity: O(1).
    public init() {}

    /// The height the row adds around its text area, with or without the button bar.
    ///
    /// - Complexity: O(1).
    public func chromeHeight(withBar: Bool) -> Double {
        paddingTop + (withBar ? spacing + buttonHeight : 0) + paddingBottom
    }

    /// The width the text wraps at for a row `rowWidth` wide, never below 1.
    ///
    /// - Complexity: O(1).
    public func textWidth(forRowWidth rowWidth: Double) -> Double {
        max(1, rowWidth - paddingLeading - paddingTrailing - 2 * textInset - caretReserve)
    }
}
