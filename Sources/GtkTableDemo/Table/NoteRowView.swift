import CGtk
import GtkBridge
import TableModel

/// A note row (N1–N7): an editable, word-char-wrapped text view and an Expand/Collapse button,
/// with the flag and done marks beside the button.
///
/// Geometry comes from `RowMetrics` and the model's text height, never from the text view's
/// own size request (which GTK reports as 0 for one-line text before the first frame).
/// Collapsed, the text view sits in a clipped scroller 64 px tall that scrolls with the caret;
/// the table takes wheel events in its capture phase, so the note never steals them.
@MainActor
final class NoteRowView: ContainerLayout, RowContentView {
    private(set) var widget: GObjectRef!
    private let scroller: GObjectRef
    let textView: GObjectRef
    private let buffer: GObjectRef
    private let button: GObjectRef
    private let marks: GObjectRef
    private var textHandler: SignalConnection?
    private var boundID: RowID?
    private var textHeight: Double = RowMetrics.collapsedTextHeight
    private let send: (RowIntent) -> Void

    init(send: @escaping (RowIntent) -> Void) {
        self.send = send
        textView = GObjectRef(gtk_text_view_new()!)
        textView.addCSSClass("note-text")
        let view = textView.as(GtkTextView.self)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_left_margin(view, Int32(RowMetrics.textMarginX))
        gtk_text_view_set_right_margin(view, Int32(RowMetrics.textMarginX))
        gtk_text_view_set_top_margin(view, Int32(RowMetrics.textMarginY))
        gtk_text_view_set_bottom_margin(view, Int32(RowMetrics.textMarginY))
        gtk_text_view_set_accepts_tab(view, 0)
        buffer = GObjectRef(gtk_text_view_get_buffer(view)!)

        scroller = GObjectRef(gtk_scrolled_window_new()!)
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_EXTERNAL)
        gtk_scrolled_window_set_kinetic_scrolling(scroller.opaque, 0)
        gtk_scrolled_window_set_child(scroller.opaque, textView.widget)

        button = GObjectRef(gtk_button_new_with_label("Expand")!)
        button.addCSSClass("note-toggle")
        marks = GObjectRef(gtk_label_new(nil)!)
        marks.addCSSClass("row-marks")
        gtk_label_set_xalign(marks.as(GtkLabel.self), 0)

        widget = Container.make(cssName: "note-row", role: GTK_ACCESSIBLE_ROLE_GROUP, layout: self)
        scroller.setParent(widget)
        marks.setParent(widget)
        button.setParent(widget)

        button.on("clicked") { [weak self] in
            guard let self, let id = self.boundID else { return }
            self.send(.toggleExpanded(id))
        }
        textHandler = buffer.on("changed") { [weak self] in
            guard let self, let id = self.boundID else { return }
            self.send(.textChanged(id, self.text))
        }
        let focus = GObjectRef(gtk_event_controller_focus_new()!)
        focus.on("enter") { [weak self] in
            guard let self, let id = self.boundID else { return }
            self.send(.beganEditing(id))
        }
        gtk_widget_add_controller(textView.widget, focus.opaque)
    }

    /// The buffer's whole text.
    var text: String {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer.opaque, &start, &end)
        guard let chars = gtk_text_buffer_get_text(buffer.opaque, &start, &end, 0) else { return "" }
        defer { g_free(chars) }
        return String(cString: chars)
    }

    func bind(_ row: Row, model: Table) {
        guard case .note(let text, let expanded) = row.content else { return }
        let sameRow = boundID == row.id
        boundID = row.id
        if !sameRow || self.text != text {
            textHandler?.whileBlocked { gtk_text_buffer_set_text(buffer.opaque, text, -1) }
        }
        let note = model.noteLayout(of: row.id)
        textHeight = note.textHeight
        gtk_button_set_label(button.as(GtkButton.self), expanded ? "Collapse" : "Expand")
        button.setAccessibleLabel(expanded ? "Collapse" : "Expand")
        gtk_widget_set_sensitive(button.widget, note.canExpand ? 1 : 0)
        gtk_label_set_text(marks.as(GtkLabel.self), RowMetrics.marks(flagged: row.flagged, done: row.done))
        widget.setCSSClass("done", row.done)
        widget.setCSSClass("flagged", row.flagged)
        textView.setAccessibleLabel("Note")
        gtk_widget_queue_allocate(widget.widget)
    }

    /// Keeps the caret visible inside the collapsed text area (N5).
    func scrollCaretIntoView() {
        let insert = gtk_text_buffer_get_insert(buffer.opaque)
        gtk_text_view_scroll_mark_onscreen(textView.as(GtkTextView.self), insert)
    }

    var hasFocus: Bool { gtk_widget_has_focus(textView.widget) != 0 }

    func focusText() { gtk_widget_grab_focus(textView.widget) }

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        (0, 0)
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        let padX = Int32(RowMetrics.paddingX)
        let top = Int32(RowMetrics.paddingY)
        let text = Int32(textHeight.rounded())
        scroller.allocate(x: padX, y: top, width: max(1, width - 2 * padX), height: text)
        let barY = top + text + Int32(RowMetrics.noteGap)
        let barHeight = Int32(RowMetrics.noteBarHeight)
        let buttonWidth = button.measure(GTK_ORIENTATION_HORIZONTAL).natural
        button.allocate(x: width - padX - buttonWidth, y: barY, width: buttonWidth, height: barHeight)
        marks.allocate(x: padX + Int32(RowMetrics.textMarginX), y: barY, width: max(1, width - 3 * padX - buttonWidth), height: barHeight)
    }
}
