import CGtk
import GtkBridge
import TableModel

/// A note row (N1–N7): an editable, word-char-wrapped text view and an Expand/Collapse button,
/// with the flag and done marks beside the button.
///
/// Geometry comes from `RowStyle` and the model's text height, never from the text view's
/// own size request (which GTK reports as 0 for one-line text before the first frame).
/// Collapsed, the text view sits in a clipped scroller 64 px tall that scrolls with the caret;
/// the table takes wheel events in its capture phase, so the note never steals them.
@MainActor
final class NoteRowView: ContainerLayout, RowContentView {
    private(set) var widget: GObjectRef!
    let scroller: GObjectRef
    let textView: GObjectRef
    private let buffer: GObjectRef
    let button: GObjectRef
    private let marks: GObjectRef
    private var textHandler: SignalConnection?
    private var boundID: RowID?
    private var textHeight: Double = NoteSizing.collapsedTextHeight
    private let send: (RowIntent) -> Void

    init(send: @escaping (RowIntent) -> Void) {
        self.send = send
        textView = GObjectRef(gtk_text_view_new()!)
        textView.addCSSClass("note-text")
        let view: UnsafeMutablePointer<GtkTextView> = textView()
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_left_margin(view, Int32(RowStyle.note.textInset))
        gtk_text_view_set_right_margin(view, Int32(RowStyle.note.textInset))
        gtk_text_view_set_accepts_tab(view, 0)
        buffer = GObjectRef(gtk_text_view_get_buffer(view)!)
        // Undo is the table's (W4): one history for edits, deletes, pins and expands.
        gtk_text_buffer_set_enable_undo(buffer(), 0)

        scroller = GObjectRef(gtk_scrolled_window_new()!)
        gtk_scrolled_window_set_policy(scroller(), GTK_POLICY_NEVER, GTK_POLICY_EXTERNAL)
        gtk_scrolled_window_set_kinetic_scrolling(scroller(), 0)
        gtk_scrolled_window_set_child(scroller(), textView.widget)

        button = GObjectRef(gtk_button_new_with_label("Expand")!)
        button.addCSSClass("note-toggle")
        // Clicking Expand/Collapse leaves the caret where it is (N5).
        gtk_widget_set_focus_on_click(button.widget, 0)
        marks = GObjectRef(gtk_label_new(nil)!)
        marks.addCSSClass("row-marks")
        gtk_label_set_xalign(marks(), 0)

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
        buffer.onNotify("cursor-position") { [weak self] in
            guard let self, let id = self.boundID else { return }
            self.send(.caretMoved(id))
        }
        let focus = GObjectRef(gtk_event_controller_focus_new()!)
        focus.on("enter") { [weak self] in
            guard let self, let id = self.boundID else { return }
            self.send(.beganEditing(id))
        }
        focus.on("leave") { [weak self] in
            guard let self, let id = self.boundID else { return }
            self.send(.endedEditing(id))
        }
        gtk_widget_add_controller(textView.widget, focus())
    }

    /// The marks line as the label displays it.
    var marksText: String { String(cString: gtk_label_get_text(marks())) }

    /// The buffer's whole text.
    var text: String {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer(), &start, &end)
        guard let chars = gtk_text_buffer_get_text(buffer(), &start, &end, 0) else { return "" }
        defer { g_free(chars) }
        return String(cString: chars)
    }

    func bind(_ row: Row, model: any TableReading) {
        guard case .note(let text, let expanded) = row.content else { return }
        let sameRow = boundID == row.id
        boundID = row.id
        if !sameRow || self.text != text {
            textHandler?.whileBlocked { gtk_text_buffer_set_text(buffer(), text, -1) }
        }
        guard let note = try? model.noteLayout(for: row.id) else { return }
        textHeight = note.textAreaHeight
        gtk_button_set_label(button(), expanded ? "Collapse" : "Expand")
        button.setAccessibleLabel(expanded ? "Collapse" : "Expand")
        gtk_widget_set_sensitive(button.widget, note.canExpand ? 1 : 0)
        gtk_label_set_text(marks(), RowStyle.marks(of: row))
        widget.setCSSClass("done", row.done)
        textView.setAccessibleLabel("Note")
        gtk_widget_queue_allocate(widget.widget)
    }

    /// Keeps the caret visible inside the collapsed text area (N5): scrolls the text the least
    /// distance that brings the caret's line fully into view.
    func scrollCaretIntoView() {
        let caret = caretRect()
        let adjustment = gtk_scrolled_window_get_vadjustment(scroller())
        let top = gtk_adjustment_get_value(adjustment)
        let page = gtk_adjustment_get_page_size(adjustment)
        if Double(caret.y) < top {
            gtk_adjustment_set_value(adjustment, Double(caret.y))
        } else if Double(caret.y + caret.height) > top + page {
            gtk_adjustment_set_value(adjustment, Double(caret.y + caret.height) - page)
        }
    }

    /// The caret's rectangle in this row's coordinates (nil before the text view is laid out).
    func caretRectInRow() -> (y: Double, height: Double)? {
        let caret = caretRect()
        var windowX: Int32 = 0
        var windowY: Int32 = 0
        gtk_text_view_buffer_to_window_coords(textView(), GTK_TEXT_WINDOW_WIDGET, caret.x, caret.y, &windowX, &windowY)
        var point = graphene_point_t(x: Float(windowX), y: Float(windowY))
        var inRow = graphene_point_t()
        guard gtk_widget_compute_point(textView.widget, widget.widget, &point, &inRow) != 0 else { return nil }
        return (Double(inRow.y), Double(caret.height))
    }

    /// The caret's rectangle in text coordinates.
    private func caretRect() -> GdkRectangle {
        var caret = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer(), &caret, gtk_text_buffer_get_insert(buffer()))
        var location = GdkRectangle()
        gtk_text_view_get_iter_location(textView(), &caret, &location)
        return location
    }

    /// Puts the caret in the text (the typing benchmark starts there).
    func focusText() { gtk_widget_grab_focus(textView.widget) }

    /// The text view's own natural height at its allocated width, to check the model's Pango
    /// measurement against the real widget once it is realized (0 before its first layout).
    var widgetTextHeight: Int32 {
        let width = gtk_widget_get_width(textView.widget)
        guard width > 0 else { return 0 }
        return textView.measure(GTK_ORIENTATION_VERTICAL, forSize: width).natural
    }

    /// How far the text is scrolled inside its area (non-zero only when collapsed).
    var textScroll: Double {
        gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(scroller()))
    }

    /// Whether the caret lies inside the visible part of the text.
    var isCaretVisible: Bool {
        let caret = caretRect()
        var visible = GdkRectangle()
        gtk_text_view_get_visible_rect(textView(), &visible)
        return caret.y >= visible.y && caret.y + caret.height <= visible.y + visible.height
    }


    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        (0, 0)
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        let metrics = RowStyle.note
        let leading = Int32(metrics.paddingLeading)
        let trailing = Int32(metrics.paddingTrailing)
        let top = Int32(metrics.paddingTop)
        let text = Int32(textHeight.rounded())
        scroller.allocate(x: leading, y: top, width: max(1, width - leading - trailing), height: text)
        let barY = top + text + Int32(metrics.spacing)
        let barHeight = Int32(metrics.buttonHeight)
        let buttonWidth = button.measure(GTK_ORIENTATION_HORIZONTAL).natural
        button.place(x: width - trailing - buttonWidth, y: barY, width: buttonWidth, height: barHeight, in: container, parentWidth: width)
        let marksX = leading + Int32(metrics.textInset)
        let marksWidth = max(1, width - marksX - trailing - buttonWidth - 8)
        marks.place(x: marksX, y: barY, width: marksWidth, height: barHeight, in: container, parentWidth: width)
    }
}
