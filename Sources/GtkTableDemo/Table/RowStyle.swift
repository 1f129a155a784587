import TableModel

/// The fonts and geometry of row chrome: the one place both the style sheet and the measurer
/// take them from. The widgets are allocated with the geometry, the model adds it to measured
/// text (`metrics(dpi:)`), and `measuredRulesCSS` gives GTK the same fonts and paddings, so
/// the Pango measurement and the laid-out widgets agree at any text scaling.
enum RowStyle {
    static let noteFont = StyleFont(family: "Noto Sans", points: 11.25)
    static let headerFont = StyleFont(family: "Noto Sans", points: 11.25, weight: .bold)
    static let chipFont = StyleFont(family: "Noto Sans", points: 9.75)
    static let richFont = StyleFont(family: "Noto Sans", points: 10.5)
    /// Swipe-action titles (`button.swipe-action`).
    static let actionTitleFont = StyleFont(family: "Noto Sans", points: 9, weight: .bold)

    /// The geometry, with fonts at 96 dpi; the views read its paddings, which do not scale.
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
        metrics.note.font = noteFont.description(dpi: 96)
        metrics.header.paddingTop = 10
        metrics.header.paddingBottom = 8
        metrics.header.paddingX = 12
        metrics.header.font = headerFont.description(dpi: 96)
        metrics.grid.padding = 12
        metrics.grid.itemSpacing = 6
        metrics.grid.lineSpacing = 6
        metrics.grid.chipPaddingX = 10
        metrics.grid.chipPaddingY = 5
        metrics.grid.font = chipFont.description(dpi: 96)
        metrics.rich.padding = 12
        metrics.rich.errorHeight = 56
        metrics.rich.font = richFont.description(dpi: 96)
        metrics.web.paddingX = 12
        metrics.web.paddingY = 6
        metrics.unreadable.paddingX = 12
        metrics.unreadable.paddingY = 8
        metrics.unreadable.font = noteFont.description(dpi: 96)
        return metrics
    }()

    /// The model's metrics at a text resolution of `dpi` (96 unscaled; GNOME's Large Text
    /// gives 120): fonts grow with it, and so does web pages' text, paddings stay.
    static func metrics(dpi: Double) -> RowMetrics {
        var scaled = metrics
        scaled.note.font = noteFont.description(dpi: dpi)
        scaled.header.font = headerFont.description(dpi: dpi)
        scaled.grid.font = chipFont.description(dpi: dpi)
        scaled.rich.font = richFont.description(dpi: dpi)
        scaled.unreadable.font = noteFont.description(dpi: dpi)
        scaled.web.textScale = dpi / 96
        return scaled
    }

    /// The style rules for everything the model measures, from the numbers above.
    static var measuredRulesCSS: String {
        let grid = metrics.grid
        return """
            textview.note-text, textview.note-text text, note-text { \(noteFont.css) padding: 0; }
            section-header { \(headerFont.css) }
            toggle-row { \(noteFont.css) }
            label.chip { \(chipFont.css) padding: \(Int(grid.chipPaddingY))px \(Int(grid.chipPaddingX))px; }
            rich-row label.rich-text { \(richFont.css) }
            label.unreadable-message { \(noteFont.css) }
            button.swipe-action { \(actionTitleFont.css) }
            """
    }

    static var note: NoteMetrics { metrics.note }

    /// A rich row's placeholder before any rich content has arrived: a card-sized guess the
    /// learned estimate replaces as content loads (R1). Without it the first loads would
    /// raise every unloaded rich row from the generic 44 px estimate at once.
    static let richPlaceholderHeight = 160.0


    /// The marks a row shows for its swipe actions' state (S9), in words where there is room.
    static func marks(of row: Row) -> String {
        [row.pinned ? "📌 " + tr("Pinned") : nil, row.flagged ? "⚑ " + tr("Flagged") : nil, row.done ? "✓ " + tr("Done") : nil]
            .compactMap { $0 }.joined(separator: "   ")
    }

    /// The same marks in words only, as a screen reader names them: "Pinned, Flagged".
    static func spokenMarks(of row: Row) -> String {
        [row.pinned ? tr("Pinned") : nil, row.flagged ? tr("Flagged") : nil, row.done ? tr("Done") : nil].compactMap { $0 }
            .joined(separator: ", ")
    }

    /// The same marks as symbols only, for a badge over content that fills the row.
    static func markSymbols(of row: Row) -> String {
        [row.pinned ? "📌" : nil, row.flagged ? "⚑" : nil, row.done ? "✓" : nil].compactMap { $0 }.joined(separator: " ")
    }
}
