import CGtk
import GtkBridge
import TableModel

/// What a row cell shows in place of its content when the row could not be read from the
/// database: the model's message, wrapped at the width the model measured it at
/// (`RowMetrics.unreadable`), so the row is exactly as tall as its words. A plain label, so
/// assistive technology reads the message as it is drawn.
@MainActor
struct UnreadableRowNotice {
    let label: GObjectRef

    init(parent: GObjectRef) {
        label = GObjectRef(gtk_label_new(nil)!)
        label.addCSSClass("unreadable-message")
        gtk_label_set_wrap(label(), 1)
        gtk_label_set_wrap_mode(label(), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(label(), 0)
        gtk_label_set_yalign(label(), 0)
        label.setParent(parent)
        label.setVisible(false)
    }

    /// Whether the notice is shown (the row could not be read).
    var isShown: Bool { label.isVisible }

    /// Shows `failure`'s message, or hides the notice when there is none.
    func show(_ failure: RowReadFailure?) {
        gtk_label_set_text(label(), failure?.message ?? "")
        label.setVisible(failure != nil)
    }

    /// How much taller the message needs to be than it was given, by the label's own measure
    /// at its width (0 when it fits): the view–model agreement check reports more than 0.
    var missingHeight: Int32 {
        let needed = label.measure(GTK_ORIENTATION_VERTICAL, forSize: gtk_widget_get_width(label.widget)).natural
        return max(0, needed - gtk_widget_get_height(label.widget))
    }

    /// Places the message inside the padding of a row `width` × `height`.
    func place(in container: GObjectRef, width: Int32, height: Int32) {
        let metrics = RowStyle.metrics.unreadable
        let padX = Int32(metrics.paddingX)
        let padY = Int32(metrics.paddingY)
        label.place(x: padX, y: padY, width: Int32(metrics.textWidth(forRowWidth: Double(width))),
                    height: max(1, height - 2 * padY), in: container, parentWidth: width)
    }
}
