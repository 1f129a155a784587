/// RowStyle's fonts as plain CSS classes, for programs that draw our rows with other widgets:
/// `GtkTableDemo --print-row-css` prints them, and the bench's GTK peers load them
/// (`ListPeers --row-css PATH`), so their text is the size ours is, from the one place that
/// defines it. Toggle titles use the note font, as in our table.
enum RowFontClasses {
    static var css: String {
        let grid = RowStyle.metrics.grid
        return """
            .row-font-note, textview.row-font-note text { \(RowStyle.noteFont.css) }
            .row-font-header { \(RowStyle.headerFont.css) }
            .row-font-chip { \(RowStyle.chipFont.css) padding: \(Int(grid.chipPaddingY))px \(Int(grid.chipPaddingX))px; }
            .row-font-rich { \(RowStyle.richFont.css) }

            """
    }
}
