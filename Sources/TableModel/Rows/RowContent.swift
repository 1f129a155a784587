/// What a row shows, by kind, as stored in the data file.
///
/// Runtime-only state (a rich row's loading progress, a swipe offset, measured heights)
/// lives elsewhere so this stays exactly what is persisted.
public enum RowContent: Hashable, Sendable {
    /// A section header; it starts a section that runs to the next header.
    case header(title: String)
    /// An editable multi-line note with Expand/Collapse (N1–N7).
    case note(text: String, expanded: Bool)
    /// A row that opens to an id-derived height (T1–T3).
    case toggle(title: String, open: Bool)
    /// A flow of chips (G1–G5).
    case grid(chips: [String])
    /// Pango markup loaded later from `source`, a path relative to the data folder (R1).
    case rich(source: String)
    /// An HTML document shown by a web view, sized to fit it at the row's width (H1). It is
    /// read-only content: the row is swiped, flagged, pinned, moved and deleted, never edited.
    case web(html: String)

    /// - Complexity: O(1).
    public var kind: RowKind {
        switch self {
        case .header: .header
        case .note: .note
        case .toggle: .toggle
        case .grid: .grid
        case .rich: .rich
        case .web: .web
        }
    }
}
