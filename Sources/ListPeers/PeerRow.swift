import CGtk
import GtkBridge

/// One row as the peers show it: the row's text in a wrapping GtkLabel or an editable
/// GtkTextView, and a GtkButton below it at the trailing edge, like our note rows. A custom
/// container only so its vertical measures can be counted; the sizes are GTK's own.
@MainActor
final class PeerRow: ContainerLayout {
    static let padding: Int32 = 12
    static let spacing: Int32 = 6

    private(set) var widget: GObjectRef!
    let text: GObjectRef
    let kind: PeerOptions.RowText
    private let button: GObjectRef
    private let counter: RowMeasureCounter
    private var lastCountedFrame: Int = -1
    /// The list position the row shows, while bound.
    var position: Int?

    init(kind: PeerOptions.RowText, counter: RowMeasureCounter) {
        self.kind = kind
        self.counter = counter
        switch kind {
        case .label:
            text = GObjectRef(gtk_label_new(nil)!)
            gtk_label_set_wrap(text(), 1)
            gtk_label_set_wrap_mode(text(), PANGO_WRAP_WORD_CHAR)
            gtk_label_set_xalign(text(), 0)
        case .textview:
            text = GObjectRef(gtk_text_view_new()!)
            gtk_text_view_set_wrap_mode(text(), GTK_WRAP_WORD_CHAR)
        }
        button = GObjectRef(gtk_button_new_with_label("Expand")!)
        widget = Container.make(cssName: "peer-row", role: GTK_ACCESSIBLE_ROLE_GROUP, layout: self)
        gtk_widget_set_parent(text.widget, widget.widget)
        gtk_widget_set_parent(button.widget, widget.widget)
    }

    /// The text shown.
    var string: String {
        get {
            switch kind {
            case .label: return String(cString: gtk_label_get_text(text()))
            case .textview:
                let buffer = gtk_text_view_get_buffer(text())
                var start = GtkTextIter()
                var end = GtkTextIter()
                gtk_text_buffer_get_bounds(buffer, &start, &end)
                let chars = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
                defer { g_free(chars) }
                return String(cString: chars)
            }
        }
        set {
            switch kind {
            case .label: gtk_label_set_text(text(), newValue)
            case .textview: gtk_text_buffer_set_text(gtk_text_view_get_buffer(text()), newValue, -1)
            }
        }
    }

    /// Focuses the text view with the caret at the end.
    func focusAtEnd() -> Bool {
        guard kind == .textview else { return false }
        let buffer = gtk_text_view_get_buffer(text())
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        gtk_text_buffer_place_cursor(buffer, &end)
        return gtk_widget_grab_focus(text.widget) != 0
    }

    // MARK: ContainerLayout

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        let inset = 2 * Self.padding
        let buttonSize = size(of: button, orientation)
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            let minimum = max(size(of: text, orientation).minimum, buttonSize.natural) + inset
            return (minimum, minimum)
        }
        counter.rowMeasured(widget, lastFrame: &lastCountedFrame)
        let textSize = size(of: text, orientation, forSize: forSize < 0 ? -1 : max(1, forSize - inset))
        let extra = inset + Self.spacing + buttonSize.natural
        return (textSize.minimum + extra, textSize.natural + extra)
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        let inset = 2 * Self.padding
        let buttonWidth = size(of: button, GTK_ORIENTATION_HORIZONTAL).natural
        let buttonHeight = size(of: button, GTK_ORIENTATION_VERTICAL).natural
        let textHeight = max(0, height - inset - Self.spacing - buttonHeight)
        var textBox = GtkAllocation(x: Self.padding, y: Self.padding, width: max(1, width - inset), height: textHeight)
        gtk_widget_size_allocate(text.widget, &textBox, -1)
        var buttonBox = GtkAllocation(
            x: max(0, width - Self.padding - buttonWidth), y: Self.padding + textHeight + Self.spacing,
            width: buttonWidth, height: buttonHeight)
        gtk_widget_size_allocate(button.widget, &buttonBox, -1)
    }

    private func size(of child: GObjectRef, _ orientation: GtkOrientation, forSize: Int32 = -1) -> (minimum: Int32, natural: Int32) {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(child.widget, orientation, forSize, &minimum, &natural, nil, nil)
        return (minimum, natural)
    }
}
