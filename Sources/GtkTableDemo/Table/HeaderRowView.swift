import CGtk
import GtkBridge
import TableModel

/// A section header (W5); the table also shows one pinned at the top while its section scrolls.
@MainActor
final class HeaderRowView: ContainerLayout, RowContentView {
    private(set) var widget: GObjectRef!
    private let title: GObjectRef

    init() {
        title = GObjectRef(gtk_label_new(nil)!)
        gtk_label_set_xalign(title(), 0)
        gtk_label_set_ellipsize(title(), PANGO_ELLIPSIZE_END)
        widget = Container.make(cssName: "section-header", role: GTK_ACCESSIBLE_ROLE_HEADING, layout: self)
        title.setParent(widget)
    }

    func bind(_ row: Row, model: any TableReading) {
        guard case .header(let text) = row.content else { return }
        gtk_label_set_text(title(), text)
        // A title in a right-to-left script starts at the right, as its text does, in any
        // window (its layout finds the direction of its first strong character); GTK itself
        // mirrors the start (xalign 0) in a right-to-left window.
        let rightToLeftText = pango_layout_get_direction(gtk_label_get_layout(title()), 0) == PANGO_DIRECTION_RTL
        let leftToRightWindow = gtk_widget_get_direction(title.widget) != GTK_TEXT_DIR_RTL
        gtk_label_set_xalign(title(), rightToLeftText && leftToRightWindow ? 1 : 0)
        widget.setAccessibleLabel(text)
    }

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        (0, 0)
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        let padX = Int32(RowStyle.metrics.header.paddingX)
        title.allocate(x: padX, y: 0, width: max(1, width - 2 * padX), height: height)
    }
}
