import TableModel

/// The geometry of row chrome, matching `data/style.css`. The widgets are allocated with it
/// and the model adds it to measured text (`metrics`), so the Pango measurement and the
/// laid-out widgets agree.
enum RowStyle {
    /// The model's copy of this geometry.
    static let metrics: RowMetrics = {
        var metrics = RowMetrics()
        metrics.note.paddingTop = 8
        metrics.note.paddingBottom = 8
        metrics.note.paddingLeading = 12
        metrics.note.paddingTrailing = 12
        metrics.note.textInset = 6
        metrics.note.caretReserve = 1
        metrics.note.spacing = 4
        metrics.note.buttonHeight = 32
        metrics.note.font = FontDescription(family: "Noto Sans", size: 15)
        metrics.header.paddingTop = 10
        metrics.header.paddingBottom = 8
        metrics.header.paddingX = 12
        metrics.header.font = FontDescription(family: "Noto Sans", size: 15, weight: .bold)
        metrics.grid.padding = 12
        metrics.grid.itemSpacing = 6
        metrics.grid.lineSpacing = 6
        metrics.grid.chipPaddingX = 10
        metrics.grid.chipPaddingY = 5
        metrics.grid.font = FontDescription(family: "Noto Sans", size: 13)
        metrics.rich.padding = 12
        metrics.rich.errorHeight = 56
        metrics.rich.font = FontDescription(family: "Noto Sans", size: 14)
        return metrics
    }()

    static var note: NoteMetrics { metrics.note }

    /// A rich row's placeholder before any rich content has arrived: a card-sized guess the
    /// learned estimate replaces as content loads (R1). Without it the first loads would
    /// raise every unloaded rich row from the generic 44 px estimate at once.
    static let richPlaceholderHeight = 160.0

    /// The font swipe-action titles are drawn in (`button.swipe-action` in the style sheet).
    static let actionFont = FontDescription(family: "Noto Sans", size: 12, weight: .bold)

    /// The marks a row shows for its swipe actions' state (S9), in words where there is room.
    static func marks(of row: Row) -> String {
        [row.pinned ? "📌 Pinned" : nil, row.flagged ? "⚑ Flagged" : nil, row.done ? "✓ Done" : nil]
            .compactMap { $0 }.joined(separator: "   ")
    }

    /// The same marks as symbols only, for a badge over content that fills the row.
    static func markSymbols(of row: Row) -> String {
        [row.pinned ? "📌" : nil, row.flagged ? "⚑" : nil, row.done ? "✓" : nil].compactMap { $0 }.joined(separator: " ")
    }
}
