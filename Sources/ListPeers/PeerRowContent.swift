/// What a peer row shows besides a note's text, decoded from the same rows file as our table:
/// the row kind's own widgets, so each peer does our per-row work.
enum PeerRowContent: Sendable {
    /// A note: its text (kept in the list's model, so typing and growing go through it) in a
    /// wrapping label or a text view, and an Expand button.
    case note
    /// A toggle row's or a section header's title, in a label (in the header font for a
    /// header, else the note font, as in our table).
    case title(String, isHeader: Bool)
    /// A grid row's chips, a GtkFlowBox of chip labels.
    case grid([String])
    /// A rich row's Pango markup, loaded from its file under `data/` (or a plain fallback text
    /// when the file cannot be read).
    case rich(markup: String?, fallback: String)
}
