import TableModel

/// The fixed geometry of row chrome, shared by the widgets (which are allocated with it) and
/// the model (which adds it to measured text). Keeping both on one set of numbers is what
/// makes the Pango measurement and the laid-out widget agree.
enum RowMetrics {
    static let paddingX = 12.0
    static let paddingY = 8.0
    /// GtkTextView margins around the note text.
    static let textMarginX = 6.0
    static let textMarginY = 4.0
    /// The collapsed note's text area, margins included (N1).
    static let collapsedTextHeight = 64.0
    /// Space between the text area and the button bar, and the bar's height.
    static let noteGap = 4.0
    static let noteBarHeight = 32.0
    static let headerHeight = 36.0
    /// Every closed toggle row (T1).
    static let toggleClosedHeight = 45.0
    /// Chips in a grid row.
    static let chipPaddingX = 10.0
    static let chipPaddingY = 5.0
    static let chipSpacing = 6.0

    /// The font notes are written in; `data/style.css` gives the text view the same.
    static let noteFont = FontDescription(family: "Noto Sans", size: 15)
    static let chipFont = FontDescription(family: "Noto Sans", size: 13)
    static let richFont = FontDescription(family: "Noto Sans", size: 14)

    /// The width text wraps at inside a note whose row is `rowWidth` wide.
    static func noteTextWidth(rowWidth: Double) -> Double {
        max(1, rowWidth - 2 * paddingX - 2 * textMarginX)
    }

    /// The marks line beside a note's button.
    static func marks(flagged: Bool, done: Bool) -> String {
        [flagged ? "⚑ Flagged" : nil, done ? "✓ Done" : nil].compactMap { $0 }.joined(separator: "   ")
    }
}
