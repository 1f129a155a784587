/// How a note row is laid out at the current width; what the view binds to its widgets.
public struct NoteLayout: Hashable, Sendable {
    /// The measured height of all the text.
    public var contentHeight: Double
    /// The text area's height: the text's own when it fits or the note is expanded, else 64.
    public var textAreaHeight: Double
    /// The whole row, chrome included.
    public var rowHeight: Double
    /// Whether the text overflows the collapsed area, so the button is shown (N2).
    public var canExpand: Bool
    /// Whether the row has its bar under the text: for the button, or for the row's marks.
    public var showsBar: Bool
    public var expanded: Bool

    /// The button's label (N2).
    ///
    /// - Complexity: O(1).
    public var buttonTitle: String { expanded ? "Collapse" : "Expand" }

    /// A content height that is no length (NaN, infinite, negative) is taken as the collapsed
    /// area's, so the view never gets an unusable size.
    ///
    /// - Complexity: O(1).
    public init(contentHeight: Double, expanded: Bool, marked: Bool, metrics: NoteMetrics) {
        let usable = contentHeight.isFinite && contentHeight >= 0 ? contentHeight : NoteSizing.collapsedTextHeight
        self.contentHeight = usable
        self.expanded = expanded
        textAreaHeight = NoteSizing.textAreaHeight(contentHeight: usable, expanded: expanded)
        canExpand = NoteSizing.canExpand(contentHeight: usable)
        showsBar = canExpand || marked
        rowHeight = textAreaHeight + metrics.chromeHeight(withBar: showsBar)
    }
}
