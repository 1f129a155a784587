/// How a note row is laid out at the current width; what the view binds to its widgets.
public struct NoteLayout: Hashable, Sendable {
    /// The measured height of all the text.
    public var contentHeight: Double
    /// The text area's height (64 when collapsed).
    public var textAreaHeight: Double
    /// The whole row, chrome included.
    public var rowHeight: Double
    /// Whether the button is sensitive (N2).
    public var canExpand: Bool
    public var expanded: Bool

    /// The button's label (N2).
    ///
    /// - Complexity: O(1).
    public var buttonTitle: String { expanded ? "Collapse" : "Expand" }

    /// - Complexity: O(1).
    public init(contentHeight: Double, expanded: Bool, metrics: NoteMetrics) {
        self.contentHeight = contentHeight
        self.expanded = expanded
        textAreaHeight = NoteSizing.textAreaHeight(contentHeight: contentHeight, expanded: expanded)
        rowHeight = textAreaHeight + metrics.chromeHeight
        canExpand = NoteSizing.canExpand(contentHeight: contentHeight)
    }
}
