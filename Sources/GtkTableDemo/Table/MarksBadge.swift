import CGtk
import GtkBridge
import TableModel

/// The pin, flag and done marks of a row whose content fills it (grid and rich rows): a small
/// pill in the top trailing corner, hidden when the row has no marks (S9).
@MainActor
struct MarksBadge {
    let label: GObjectRef
    /// Space between the badge and the row's edges.
    static let inset: Int32 = 4

    init(parent: GObjectRef) {
        label = GObjectRef(gtk_label_new(nil)!)
        label.addCSSClass("row-badge")
        label.setParent(parent)
        label.setVisible(false)
    }

    /// The marks as the badge displays them ("" when hidden).
    var text: String { label.isVisible ? String(cString: gtk_label_get_text(label())) : "" }

    func show(_ row: Row) {
        let symbols = RowStyle.markSymbols(of: row)
        gtk_label_set_text(label(), symbols)
        label.setVisible(!symbols.isEmpty)
        label.setAccessibleLabel(RowStyle.marks(of: row))
    }

    /// Places the badge in the top trailing corner of a container `width` wide and `height` tall.
    func place(in container: GObjectRef, width: Int32, height: Int32) {
        guard label.isVisible else { return }
        let size = label.measure(GTK_ORIENTATION_HORIZONTAL).natural
        let badgeHeight = min(height - 2 * Self.inset, label.measure(GTK_ORIENTATION_VERTICAL, forSize: size).natural)
        label.place(
            x: max(0, width - Self.inset - size), y: Self.inset, width: min(size, width), height: max(1, badgeHeight),
            in: container, parentWidth: width)
    }
}
