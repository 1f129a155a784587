import CGtk
import GtkBridge
import TableModel

/// A note row (N1–N7): the note's text, an Expand/Collapse button, and the flag and done marks
/// beside the button. A note whose text fits has no button and hugs its text; its marks, if
/// any, keep the bar under the text (N2).
///
/// The text has two forms. Until it is clicked or tabbed into, it is drawn (`NoteTextPreview`),
/// which costs a scroll far less than a text view; then the cell swaps in its editable,
/// word-char-wrapped GtkTextView, with the caret where the click was, and keeps it while the
/// focus is in it (so an edited note keeps its text view while scrolled away); when the focus
/// leaves, the text is drawn again from its first line. Both forms lay the text out alike, so
/// the swap moves no pixel, except that a collapsed note drawn shows whole lines only, the
/// last faded when more follows (N2).
///
/// Geometry comes from `RowStyle` and the model's text height, never from the text view's
/// own size request (which GTK reports as 0 for one-line text before the first frame).
/// Collapsed, the text sits in a clipped area 64 px tall; the text view's scroller scrolls
/// with the caret; the table takes wheel events in its capture phase, so the note never
/// steals them.
///
/// Expanded, the text view covers only a band of its text area: whole tiles around what the
/// viewport shows of it (`willShow(band:)`), one tile more on either side. GTK lays out and draws
/// every line a text view is allocated, so a text view as tall as a megabyte of text cost
/// seconds on its first allocation and every line on every frame; a band costs what a
/// window-tall text view costs. The scroller sits over the band and the text view is scrolled
/// by the band's top, so each line is drawn where it would be in a text view as tall as the
/// text. That holds only where GtkTextView has laid out every line above (it counts a line it
/// has not laid out yet as 0 px), so before it scrolls there, the note checks the text view's
/// line at the band's bottom against the model's top for that paragraph, and when they differ
/// has the text view lay out everything above the band's bottom first (`placeTextView`).
///
/// Invariant (text-view form, after a placement): the scroller covers `textBand` of the text
/// area, which holds what the viewport shows of it, and the text view's line tops down to the
/// band's bottom are the model's, so the text view draws each line of the band at the model's y.
@MainActor
final class NoteRowView: ContainerLayout, RowContentView {
    /// Which widget shows the text: the drawn preview or the editable text view.
    enum Form: String {
        case preview
        case textView
    }

    private(set) var widget: GObjectRef!
    private(set) var form = Form.preview
    let preview = NoteTextPreview()
    let scroller: GObjectRef
    let textView: GObjectRef
    private let buffer: GObjectRef
    /// The find bar's words, folded, as last highlighted (F1), and the text view's tag for them.
    private var findWords: [String] = []
    private var findTag: FindMatchTag!
    let button: GObjectRef
    private let marks: GObjectRef
    private var textHandler: SignalConnection?
    private var boundID: RowID?
    private var textHeight: Double = NoteSizing.collapsedTextHeight
    /// Whether the bound note is expanded (its text view then covers a band of the text).
    private(set) var expanded = false
    private weak var model: (any TableReading)?
    /// The text area in this row's coordinates, as last allocated.
    private(set) var textAreaBox = GtkAllocation()
    /// What the viewport last showed of the text area (its own y; empty when none).
    private var shownText: Range<Int32> = 0..<0
    /// The part of the text area the text view's scroller covers (0..<0 while the preview shows).
    private(set) var textBand: Range<Int32> = 0..<0
    /// Whether the note is placing its text view (and so setting its scroll itself).
    private var placing = false
    /// The granularity of an expanded text view's band, in px: the band moves only when the
    /// viewport leaves it, and a tile to spare on either side keeps the caret's neighbour lines
    /// in the text view (so GTK never scrolls it to show the caret).
    static let textTileHeight: Int32 = 256
    /// Whether the bar under the text (button and marks) has room in the row (N2).
    private var showsBar = true
    private let send: (RowIntent) -> Void
    /// The idle source that draws the text again once the focus has left it, while pending.
    private var previewReturn: UInt32?

    init(send: @escaping (RowIntent) -> Void, keptLayouts: NoteParagraphLayouts?) {
        self.send = send
        preview.keptLayouts = keptLayouts
        textView = GObjectRef(gtk_text_view_new()!)
        textView.addCSSClass("note-text")
        textView.setAccessibleLabel(tr("Note"))
        let view: UnsafeMutablePointer<GtkTextView> = textView()
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_left_margin(view, Int32(RowStyle.note.textInset))
        gtk_text_view_set_right_margin(view, Int32(RowStyle.note.textInset))
        gtk_text_view_set_accepts_tab(view, 0)
        buffer = GObjectRef(gtk_text_view_get_buffer(view)!)
        NoHyphens.apply(toBuffer: buffer)
        // Undo is the table's (W4): one history for edits, deletes, pins and expands.
        gtk_text_buffer_set_enable_undo(buffer(), 0)

        scroller = GObjectRef(gtk_scrolled_window_new()!)
        gtk_scrolled_window_set_policy(scroller(), GTK_POLICY_NEVER, GTK_POLICY_EXTERNAL)
        gtk_scrolled_window_set_kinetic_scrolling(scroller(), 0)
        gtk_scrolled_window_set_child(scroller(), textView.widget)
        ScrollbarAccessibility.tidy(scroller)

        button = GObjectRef(gtk_button_new_with_label(tr("Expand"))!)
        button.addCSSClass("note-toggle")
        // Clicking Expand/Collapse leaves the caret where it is (N5).
        gtk_widget_set_focus_on_click(button.widget, 0)
        marks = GObjectRef(gtk_label_new(nil)!)
        marks.addCSSClass("row-marks")
        gtk_label_set_xalign(marks(), 0)

        widget = Container.make(cssName: "note-row", role: GTK_ACCESSIBLE_ROLE_GROUP, layout: self)
        preview.widget.setParent(widget)
        scroller.setParent(widget)
        scroller.setChildVisible(false)
        scroller.setAccessibleHidden(true)
        marks.setParent(widget)
        button.setParent(widget)

        button.on("clicked") { [weak self] in
            guard let self, let id = self.boundID else { return }
            self.send(.toggleExpanded(id))
        }
        findTag = FindMatchTag(buffer: buffer)
        textHandler = buffer.on("changed") { [weak self] in
            guard let self, let id = self.boundID else { return }
            self.send(.textChanged(id, self.text))
            if !self.findWords.isEmpty { self.findTag.apply(self.findWords, text: self.text) }
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
            // Once the focus has settled elsewhere, the note is drawn again from its first line
            // (N2): a collapsed text view left scrolled to the caret would show its last lines.
            guard self.previewReturn == nil else { return }
            self.previewReturn = MainLoopSource.idle(priority: G_PRIORITY_HIGH) { [weak self] in
                self?.previewReturn = nil
                self?.showPreviewUnlessFocused()
                return false
            }
        }
        gtk_widget_add_controller(textView.widget, focus())
        // GTK scrolls a text view to show its caret; an expanded note's scroll is its band's
        // top, which the next allocation puts back. (Not while the note places it: that is
        // inside an allocation, which ends with the band's top. Not at once either: GTK may be
        // animating the scroll, and setting the value from inside the animation's own step
        // ends it twice, a critical the soak found.)
        GObjectRef(gtk_scrolled_window_get_vadjustment(scroller())).on("value-changed") { [weak self] in
            guard let self, !self.placing, self.expanded, self.form == .textView else { return }
            gtk_widget_queue_allocate(self.widget.widget)
        }
        attachPreviewInput()
    }

    /// A press on the drawn text swaps in the text view with the caret at the press, and
    /// focuses it at once, so the next keystroke reaches the text; dragging on from there
    /// selects, as in a text view. Tab onto the drawn text swaps too, keeping the text view's
    /// own caret (its end, as after any bind). The drag is the row's, not the preview's: the
    /// preview is unmapped by the swap, which would end a gesture of its own.
    private func attachPreviewInput() {
        gtk_widget_set_focusable(preview.widget.widget, 1)
        let drag = GObjectRef(gtk_gesture_drag_new()!)
        var anchor: (offset: Int, x: Double, y: Double)?
        drag.onPoint("drag-begin") { [weak self] x, y in
            anchor = nil
            guard let self, self.boundID != nil, self.form == .preview, let point = self.previewPoint(x: x, y: y) else { return }
            let offset = self.preview.characterOffset(atX: point.x, y: point.y)
            anchor = (offset, x, y)
            self.holdPressOnRow(true)
            self.showTextView(caretAt: offset)
            gtk_widget_grab_focus(self.textView.widget)
        }
        drag.onPoint("drag-update") { [weak self] dx, dy in
            guard let self, let start = anchor, self.form == .textView, abs(dx) + abs(dy) > 3 else { return }
            self.selectText(from: start.offset, toX: start.x + dx, y: start.y + dy)
        }
        drag.onPoint("drag-end") { [weak self] _, _ in
            anchor = nil
            self?.holdPressOnRow(false)
        }
        gtk_widget_add_controller(widget.widget, drag())
        attachMultiPress()

        let focus = GObjectRef(gtk_event_controller_focus_new()!)
        focus.on("enter") { [weak self] in
            // The focus cannot move on inside its own change; the swap runs before the next event.
            MainLoopSource.idle(priority: G_PRIORITY_HIGH) { [weak self] in
                guard let self, gtk_widget_has_focus(self.preview.widget.widget) != 0 else { return false }
                self.showTextView(caretAt: nil)
                gtk_widget_grab_focus(self.textView.widget)
                return false
            }
        }
        gtk_widget_add_controller(preview.widget.widget, focus())
    }

    /// While `holding`, the text view cannot be the pointer's target, so a press that swapped it in
    /// stays with the row until it ends. From GTK 4.10, unmapping the pressed preview picks the
    /// pointer's target anew: the text view, where it was last laid out. The release then takes
    /// the text view and its scroller out of an active state the press never put them in
    /// ("Broken accounting of active state"). The row took the press and ends it either way.
    private func holdPressOnRow(_ holding: Bool) {
        gtk_widget_set_can_target(scroller.widget, holding ? 0 : 1)
    }

    /// A double or triple click whose first press landed on the drawn text selects the word or
    /// the line under the pointer, as the text view's own would: the text view only came with
    /// the first press, so its click gesture would count the second as a first. The row sees
    /// the presses first (capture phase) and claims the later ones of such a series, so the
    /// text view does not place its caret over the selection. Other series are the text view's.
    private func attachMultiPress() {
        let click = GObjectRef(gtk_gesture_click_new()!)
        gtk_event_controller_set_propagation_phase(click(), GTK_PHASE_CAPTURE)
        var seriesBeganDrawn = false
        click.onPress("pressed") { [weak self] count, x, y in
            guard let self else { return }
            if count == 1 {
                seriesBeganDrawn = self.form == .preview && self.previewPoint(x: x, y: y) != nil
                return
            }
            guard seriesBeganDrawn, self.form == .textView else { return }
            gtk_gesture_set_state(click(), GTK_EVENT_SEQUENCE_CLAIMED)
            guard count <= 3 else { return }
            let offset = self.previewOffset(atX: x, y: y)
            let granularity = count == 2 ? GTK_TEXT_EXTEND_SELECTION_WORD : GTK_TEXT_EXTEND_SELECTION_LINE
            TextViewGranularSelection.select(in: self.textView, around: offset, granularity: granularity)
        }
        gtk_widget_add_controller(widget.widget, click())
    }

    /// A point in this row's coordinates in the preview's, if it lies on the preview.
    private func previewPoint(x: Double, y: Double) -> (x: Double, y: Double)? {
        var point = graphene_point_t(x: Float(x), y: Float(y))
        var inPreview = graphene_point_t()
        guard gtk_widget_compute_point(widget.widget, preview.widget.widget, &point, &inPreview) != 0,
            gtk_widget_contains(preview.widget.widget, Double(inPreview.x), Double(inPreview.y)) != 0
        else { return nil }
        return (Double(inPreview.x), Double(inPreview.y))
    }

    /// The character offset under a point in this row's coordinates, by the preview's layout
    /// at the place the preview was last given (hidden or not: the text view has that place).
    private func previewOffset(atX x: Double, y: Double) -> Int {
        var box = GtkAllocation()
        gtk_widget_get_allocation(preview.widget.widget, &box)
        return preview.characterOffset(atX: x - Double(box.x), y: y - Double(box.y))
    }

    /// Selects from character `offset` to the character under a point in this row's
    /// coordinates. The text view may not be laid out yet (the whole drag can come before
    /// the next frame), so the point is found in the preview's layout, which is the text
    /// view's, at the place the preview had.
    private func selectText(from offset: Int, toX x: Double, y: Double) {
        let end = previewOffset(atX: x, y: y)
        var endIter = GtkTextIter()
        var startIter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer(), &endIter, Int32(end))
        gtk_text_buffer_get_iter_at_offset(buffer(), &startIter, Int32(offset))
        gtk_text_buffer_select_range(buffer(), &endIter, &startIter)
    }

    /// Swaps the text view in (if the preview shows; the form not shown is hidden from assistive
    /// technology too), holding the preview's text, with the
    /// caret at character `offset` (nil: where setting the text left it).
    private func showTextView(caretAt offset: Int?) {
        if form == .preview {
            textHandler?.whileBlocked { gtk_text_buffer_set_text(buffer(), preview.text, -1) }
            if !findWords.isEmpty { findTag.apply(findWords, text: preview.text) }
            gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(scroller()), 0)
            scroller.setChildVisible(true)
            preview.widget.setChildVisible(false)
            scroller.setAccessibleHidden(false)
            preview.widget.setAccessibleHidden(true)
            form = .textView
            if textAreaBox.width > 0 { placeShownForm() }
            // A resize, not an allocation: the text view may resize itself as it first lays out, which
            // only a pass through the table's own allocation absorbs.
            gtk_widget_queue_resize(widget.widget)
        }
        if let offset {
            var caret = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer(), &caret, Int32(offset))
            gtk_text_buffer_place_cursor(buffer(), &caret)
        }
    }

    /// Swaps the drawn text back in, with the text view's text, unless the window's focus is
    /// in the text view or in something it opened (its context menu). The window's own focus
    /// is asked, not the text view's: a window that only lost its activation keeps it there.
    private func showPreviewUnlessFocused() {
        guard form == .textView, boundID != nil else { return }
        if let root = gtk_widget_get_root(textView.widget), let focus = gtk_root_get_focus(root),
            focus == scroller.widget || gtk_widget_is_ancestor(focus, scroller.widget) != 0
        {
            return
        }
        preview.setText(bufferText)
        showPreview()
    }

    /// Swaps the drawn text back in; the text view lets its text go. A scroll of the text view
    /// still animating (it glides to the caret) is ended first, at the value it has reached:
    /// hiding the scroller turns its adjustment's animation off, and GTK 4.8 then sets the
    /// animation's target, whose `value-changed` the text view answers by setting the value
    /// again, which ends the animation under it; GTK then disconnects the ended animation's
    /// handler a second time (a critical: `g_signal_handler_disconnect: handler_id > 0`,
    /// found by the soak).
    private func showPreview() {
        guard form == .textView else { return }
        let scroll = gtk_scrolled_window_get_vadjustment(scroller())
        gtk_adjustment_set_value(scroll, gtk_adjustment_get_value(scroll))
        textHandler?.whileBlocked { gtk_text_buffer_set_text(buffer(), "", -1) }
        preview.widget.setChildVisible(true)
        scroller.setChildVisible(false)
        preview.widget.setAccessibleHidden(false)
        scroller.setAccessibleHidden(true)
        form = .preview
        textBand = 0..<0
        if textAreaBox.width > 0 { placeShownForm() }
        gtk_widget_queue_allocate(widget.widget)
    }

    /// Has the text view lay out every line it now shows. GTK's text view does so when its
    /// width changes or it scrolls, but not when only its height grows (a note expanding):
    /// lines a recent width change left unmeasured then stay so until its idle validation,
    /// which a busy main loop can hold off for frames, and meanwhile it reports a stale
    /// height and draws too few lines. Its scroll handler lays out all it shows, so this runs
    /// that handler without scrolling.
    ///
    /// - Complexity: O(lines shown); GTK re-measures only lines it has not laid out yet.
    private func validateNewlyShownLines() {
        cgtk_adjustment_value_changed(gtk_scrolled_window_get_vadjustment(scroller()))
    }

    /// The widget holding the text in its area: the text view's scroller, or the preview.
    var textArea: GObjectRef { form == .textView ? scroller : preview.widget! }

    /// The marks line as the label displays it.
    var marksText: String { String(cString: gtk_label_get_text(marks())) }

    /// The note's whole text, as the form that shows it holds it.
    var text: String {
        guard form == .textView else { return preview.text }
        return bufferText
    }

    private var bufferText: String {
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
        self.model = model
        self.expanded = expanded
        // A cell reused for another row starts drawn; one that stays on its row keeps its form.
        if !sameRow { showPreview() }
        let words = FindHighlights.fold(model.findWords)
        let wordsChanged = words != findWords
        findWords = words
        preview.highlight(words)
        switch form {
        case .preview:
            preview.setText(text)
        case .textView:
            let textChanged = bufferText != text
            if textChanged { textHandler?.whileBlocked { gtk_text_buffer_set_text(buffer(), text, -1) } }
            if textChanged || wordsChanged { findTag.apply(words, text: text) }
        }
        guard let note = try? model.noteLayout(for: row.id) else { return }
        textHeight = note.textAreaHeight
        let title = expanded ? tr("Collapse") : tr("Expand")
        gtk_button_set_label(button(), title)
        button.setAccessibleLabel(title)
        button.setVisible(note.canExpand)
        showsBar = note.showsBar
        let marksText = RowStyle.marks(of: row)
        gtk_label_set_text(marks(), marksText)
        marks.setVisible(!marksText.isEmpty)
        marks.setAccessibleLabel(RowStyle.spokenMarks(of: row))
        widget.setCSSClass("done", row.done)
        gtk_widget_queue_allocate(widget.widget)
    }

    /// The text learns which of its lines the viewport will show: an expanded text view moves
    /// its band over them now, when they leave it (the table calls this in its allocation,
    /// right before it allocates the row, which places the text view again only if the row's
    /// size changed), so no allocation is queued from inside the table's.
    /// - Complexity: O(1) while the band holds them, else that of `placeTextView`.
    func willShow(band: Range<Int32>) {
        let top = Int32(RowStyle.note.paddingTop)
        shownText = band.lowerBound - top..<max(band.lowerBound, band.upperBound) - top
        guard form == .textView, expanded, textAreaBox.width > 0, textBandFor(height: textAreaBox.height) != textBand else { return }
        placeTextView()
    }

    /// The drawn text learns which of its lines the viewport shows, and draws around them.
    func show(band: Range<Int32>) {
        guard form == .preview else { return }
        var box = GtkAllocation()
        gtk_widget_get_allocation(preview.widget.widget, &box)
        preview.show(band: band.lowerBound - box.y..<band.upperBound - box.y)
    }

    /// The band of an expanded text area `height` px tall that the text view covers: the
    /// current band while it holds what the viewport shows, else whole tiles around that, one
    /// more on either side; within the area. With nothing shown (the edited row scrolled
    /// away, N9), the current band stays.
    /// - Complexity: O(1).
    private func textBandFor(height: Int32) -> Range<Int32> {
        let area = 0..<max(0, height)
        let current = textBand.clamped(to: area)
        let needed = shownText.clamped(to: area)
        guard !needed.isEmpty else { return current.isEmpty ? 0..<min(height, 2 * Self.textTileHeight) : current }
        if current.lowerBound <= needed.lowerBound, needed.upperBound <= current.upperBound { return current }
        let tile = Self.textTileHeight
        let first = needed.lowerBound / tile - 1
        let end = (needed.upperBound + tile - 1) / tile + 1
        return (first * tile..<end * tile).clamped(to: area)
    }

    /// Places the widget of the form shown over the text area as last allocated. A swap calls
    /// it too, so the form it shows is at the area's place at once and never drawn where it
    /// was last put (at another width, or before the window was resized): the resize the swap
    /// queues may reach this row only frames later, or, with GTK 4.8's lost layout requests
    /// (`AllocationGuard`), only when the row's size next changes. The soak once found a text
    /// view 726 px wide in a row 423 px wide, left from a wider window.
    /// - Complexity: that of `placeTextView`, or O(1) for the drawn text.
    private func placeShownForm() {
        switch form {
        case .textView:
            placeTextView()
        case .preview:
            // Without measuring first: the drawn text needs nothing beyond the box, and its
            // measure lays out every paragraph, which a collapsed note never needs to draw.
            var box = textAreaBox
            gtk_widget_size_allocate(preview.widget.widget, &box, -1)
        }
    }

    /// Places the text view's scroller over its band of the text area and scrolls the text
    /// view to the band's top (a collapsed note: over the whole 64 px, scrolled as the caret
    /// left it). Then, if the text view's line at the band's bottom does not start where the
    /// model says (GTK has not laid out some line above, or laid it out at another width, font
    /// or text), the text view is given everything above the band's bottom for a moment, lays
    /// it out, and is placed again: its lines then stand at the model's y.
    /// - Complexity: O(lines in the band) for GTK to check them and O(paragraphs above the
    ///   band's bottom) to compare one with the model; when the text view's lines above are
    ///   not laid out as the model's, GTK lays them out (O(text above)) and walks them.
    private func placeTextView() {
        placing = true
        defer { placing = false }
        let area = textAreaBox
        let band = expanded ? textBandFor(height: area.height) : 0..<area.height
        let grew = band.lowerBound < textBand.lowerBound || band.upperBound > textBand.upperBound
        textBand = band
        func place() {
            scroller.allocate(x: area.x, y: area.y + band.lowerBound, width: area.width, height: band.upperBound - band.lowerBound)
            if expanded { scrollTextView(to: Double(band.lowerBound)) }
        }
        place()
        if grew {
            validateNewlyShownLines()
            // Laying out lines can change the text's height, and so the scroller's bounds,
            // which asks the scroller for a new allocation: it gets it in this frame.
            place()
        }
        if expanded, !band.isEmpty, !linesStandAtTheModelsPlace(through: band.upperBound - 1) {
            scroller.allocate(x: area.x, y: area.y, width: area.width, height: band.upperBound)
            scrollTextView(to: 0)
            validateNewlyShownLines()
            place()
        }
    }

    private func scrollTextView(to value: Double) {
        gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(scroller()), value)
    }

    /// Whether the text view's line at its y `y` starts where the model starts that paragraph
    /// (then every line above it is laid out as the model measured it).
    /// - Complexity: O(log lines) for GTK's look-up, O(paragraph) for the model's.
    func linesStandAtTheModelsPlace(through y: Int32) -> Bool {
        guard let id = boundID, let model else { return false }
        var line = GtkTextIter()
        var lineTop: Int32 = 0
        gtk_text_view_get_line_at_y(textView(), &line, y, &lineTop)
        guard let top = model.noteParagraphTop(Int(gtk_text_iter_get_line(&line)), in: id) else { return false }
        return abs(Double(lineTop) - top) < 0.5
    }

    /// Keeps the caret visible inside the collapsed text area (N5): scrolls the text the least
    /// distance that brings the caret's line fully into view. (An expanded note shows every
    /// line at its place in the table, which follows the caret, N8.)
    func scrollCaretIntoView() {
        guard form == .textView, !expanded else { return }
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
    func caretRectInRow() -> (x: Double, y: Double, height: Double)? {
        guard form == .textView else { return nil }
        let caret = caretRect()
        var windowX: Int32 = 0
        var windowY: Int32 = 0
        gtk_text_view_buffer_to_window_coords(textView(), GTK_TEXT_WINDOW_WIDGET, caret.x, caret.y, &windowX, &windowY)
        var point = graphene_point_t(x: Float(windowX), y: Float(windowY))
        var inRow = graphene_point_t()
        guard gtk_widget_compute_point(textView.widget, widget.widget, &point, &inRow) != 0 else { return nil }
        return (Double(inRow.x), Double(inRow.y), Double(caret.height))
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
    func focusText() {
        showTextView(caretAt: nil)
        gtk_widget_grab_focus(textView.widget)
    }

    /// The text's own natural height, by the widget that shows it, at its allocated width: to
    /// check the model's Pango measurement against the real widget once it is laid out (0
    /// before its first layout).
    var widgetTextHeight: Int32 {
        let shown: GObjectRef = form == .textView ? textView : preview.widget
        let width = gtk_widget_get_width(shown.widget)
        guard width > 0 else { return 0 }
        return shown.measure(GTK_ORIENTATION_VERTICAL, forSize: width).natural
    }

    /// How far the text is scrolled inside its area (non-zero only when collapsed and edited:
    /// the drawn text always shows its first lines, an expanded text view its band's lines at
    /// their place): the text view's scroll less its scroller's place in the area.
    var textScroll: Double {
        guard form == .textView else { return 0 }
        return gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(scroller())) - Double(textBand.lowerBound)
    }

    /// Whether the caret lies inside the visible part of the text (the drawn text has none).
    var isCaretVisible: Bool {
        guard form == .textView else { return false }
        let caret = caretRect()
        var visible = GdkRectangle()
        gtk_text_view_get_visible_rect(textView(), &visible)
        return caret.y >= visible.y && caret.y + caret.height <= visible.y + visible.height
    }


    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        (0, 0)
    }

    /// The widgets go (the window closes): a pending return to the drawn form goes with them.
    func containerWillDispose(_ container: GObjectRef) {
        if let previewReturn { MainLoopSource.remove(previewReturn) }
        previewReturn = nil
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        let metrics = RowStyle.note
        let leading = Int32(metrics.paddingLeading)
        let trailing = Int32(metrics.paddingTrailing)
        let top = Int32(metrics.paddingTop)
        let text = Int32(textHeight.rounded())
        let areaWidth = max(1, width - leading - trailing)
        textAreaBox = GtkAllocation(x: leading, y: top, width: areaWidth, height: text)
        placeShownForm()
        guard showsBar else { return }
        let barY = top + text + Int32(metrics.spacing)
        let barHeight = Int32(metrics.buttonHeight)
        var buttonWidth: Int32 = 0
        if button.isVisible {
            buttonWidth = button.measure(GTK_ORIENTATION_HORIZONTAL).natural
            button.place(x: width - trailing - buttonWidth, y: barY, width: buttonWidth, height: barHeight, in: container, parentWidth: width)
        }
        let marksX = leading + Int32(metrics.textInset)
        let marksWidth = max(1, width - marksX - trailing - buttonWidth - 8)
        if marks.isVisible {
            marks.place(x: marksX, y: barY, width: marksWidth, height: barHeight, in: container, parentWidth: width)
        }
    }
}
