import CGtk
import Foundation
import GtkBridge
import TableModel

/// The view's invariant check (DESIGN, "Truth in tests"): after each painted frame it
/// compares what GTK allocated with what the model says, and prints one line on stderr for
/// the first disagreement of the frame, which fails a UI test as a GTK critical does.
/// On when `GTKTABLEDEMO_CHECK_AGREEMENT=1` (every UI test sets it), off otherwise.
///
/// It checks that every shown row widget's allocation is the model's rectangle for that row,
/// moved by the row's presentation offset while a height change animates or a row is dragged
/// (so the check stays exact during the slide, and at rest the offset is 0);
/// that every child of a row's content lies inside it; that a note shows its text in exactly
/// one form (drawn or text view), and that an expanded note's text needs no more height, by
/// the own measure of that form's widget at its width, than its area was given, and a collapsed
/// one has exactly 64 px; that an expanded text view (which covers a band of its area) holds
/// every line of its area the viewport shows, each at the model's y; that a drawn note's last
/// painting covers what the viewport shows of it, judged in frames the window rendered in
/// (`SurfaceRenders`: a frame GDK did not render leaves the screen at the frame before, and a
/// painting left stale is still stale in the next frame that renders); that no two shown rows
/// overlap at their resting places (while sliding, a row below may pass over a row that
/// grew); and that GTK's focus, when it is in the table, is in the row the model says is
/// focused.
///
/// - Complexity: O(k) widget queries for k shown rows and their children, per frame.
@MainActor
final class ViewModelAgreement {
    static let environmentVariable = "GTKTABLEDEMO_CHECK_AGREEMENT"
    static var isEnabled: Bool { ProcessInfo.processInfo.environment[environmentVariable] == "1" }

    private unowned let controller: TableController
    private var lastReport = ""
    /// The window's surface, whose renders tell whether a frame was drawn.
    private var surface: OpaquePointer?

    init(controller: TableController) {
        self.controller = controller
    }

    /// Checks once after every frame the window's frame clock paints.
    func attach(to window: GObjectRef) {
        if gtk_widget_get_realized(window.widget) != 0 {
            checkEveryFrame(of: window)
        } else {
            window.on("realize", after: true) { [weak self] in self?.checkEveryFrame(of: window) }
        }
    }

    private func checkEveryFrame(of window: GObjectRef) {
        guard let clock = gtk_widget_get_frame_clock(window.widget) else { return }
        surface = gtk_native_get_surface(OpaquePointer(window.widget))
        if let surface { SurfaceRenders.watch(surface) }
        GObjectRef(clock).on("after-paint") { [weak self] in self?.checkFrame(window: window) }
    }

    private func checkFrame(window: GObjectRef) {
        guard let problem = firstDisagreement(window: window) else {
            lastReport = ""
            return
        }
        guard problem != lastReport else { return }
        lastReport = problem
        FileHandle.standardError.write(Data("GtkTableDemo: view-model disagreement: \(problem)\n".utf8))
    }

    /// The first disagreement found, in words, or nil.
    func firstDisagreement(window: GObjectRef) -> String? {
        let view = controller.view!
        let model = controller.model
        let geometry = model.geometry
        let offset = geometry.scrollOffset
        // What the rows painted is judged only in a frame the window rendered in.
        let rendered = surface.map(SurfaceRenders.renderedThisFrame) ?? true
        var spans: [(id: RowID, top: Double, bottom: Double)] = []
        for (id, cell) in view.cells {
            guard let top = geometry.offset(of: id), let height = geometry.height(of: id) else {
                return "row \(id) has a widget but is not in the model"
            }
            let shift = view.drawnShift(of: id)
            let span = TableView.pixelSpan(top: top + shift, height: height, offset: offset)
            let expected = Rect(x: Double(view.rowInset), y: Double(span.y), width: view.rowWidth.rounded(), height: Double(span.height))
            guard let bounds = Self.bounds(of: cell.widget, in: view.widget) else { return "row \(id): its widget has no bounds" }
            if !bounds.isClose(to: expected) {
                return "row \(id): the widget is at \(bounds) but the model lays it out at \(expected)"
            }
            if let notice = cell.shownNotice {
                // The content is not shown: only the message must fit what the model measured.
                if notice.missingHeight > 0 { return "row \(id): its unreadable-row message needs \(notice.missingHeight) px more than it has" }
            } else {
                if let problem = childProblem(in: cell, id: id) { return problem }
                if let note = cell.content as? NoteRowView {
                    if let problem = Self.noteProblem(note, id: id, model: model) { return problem }
                    let shown = TableView.shownBand(ofRowAt: span.y, viewportHeight: geometry.viewportHeight)
                    if rendered, let problem = Self.drawnTextProblem(note, id: id, shown: shown) { return problem }
                    if let problem = Self.textViewBandProblem(note, id: id, shown: shown) { return problem }
                }
            }
            let resting = TableView.pixelSpan(top: top, height: height, offset: offset)
            spans.append((id, Double(resting.y), Double(resting.y + resting.height)))
        }
        spans.sort { $0.top < $1.top }
        for (above, below) in zip(spans, spans.dropFirst()) where above.bottom > below.top + 0.5 {
            return "rows \(above.id) and \(below.id) overlap (\(above.bottom) > \(below.top))"
        }
        return focusProblem(window: window)
    }

    /// Every visible child of the row's content lies inside the content.
    private func childProblem(in cell: RowCell, id: RowID) -> String? {
        let content = cell.content.widget!
        let width = Double(gtk_widget_get_width(content.widget))
        let height = Double(gtk_widget_get_height(content.widget))
        var child = gtk_widget_get_first_child(content.widget)
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            let part = GObjectRef(current)
            guard part.isVisible, part.isChildVisible, let box = Self.bounds(of: part, in: content) else { continue }
            if box.x < -0.5 || box.y < -0.5 || box.x + box.width > width + 0.5 || box.y + box.height > height + 0.5 {
                let name = String(cString: gtk_widget_get_css_name(current))
                // Its own minimum tells whether GTK raised the size the row gave it.
                let minimumWidth = part.measure(GTK_ORIENTATION_HORIZONTAL).minimum
                let minimumHeight = part.measure(GTK_ORIENTATION_VERTICAL, forSize: Int32(box.width)).minimum
                return "row \(id): its \(name) at \(box) lies outside the row (\(width)×\(height));"
                    + " its minimum is \(minimumWidth) wide, \(minimumHeight) high at its width"
            }
        }
        return nil
    }

    /// An expanded note's text, or a short one's (N2), fits its area, by the own measure of the
    /// widget showing it (the drawn preview or the text view); a collapsed note that overflows
    /// has 64 px (N1). Only the form's own widget is shown in the area.
    private static func noteProblem(_ note: NoteRowView, id: RowID, model: Table) -> String? {
        guard let layout = try? model.noteLayout(for: id) else { return nil }
        let hugsText = layout.expanded || !layout.canExpand
        let shownForms = [note.scroller, note.preview.widget].filter(\.isChildVisible)
        guard shownForms.count == 1, shownForms[0].widget == note.textArea.widget else {
            return "row \(id): \(shownForms.count) text widgets are shown for its \(note.form.rawValue) form"
        }
        let given = Double(note.form == .textView ? note.textAreaBox.height : gtk_widget_get_height(note.textArea.widget))
        if hugsText {
            let width = gtk_widget_get_width(note.textArea.widget)
            guard width > 0 else { return nil }
            let needed = Double(note.widgetTextHeight)
            if needed > given + 0.5 {
                let state = layout.expanded ? "expanded" : "short"
                return "row \(id): the \(state) text (\(note.form.rawValue)) needs \(needed) px but has \(given) px"
            }
        } else if abs(given - NoteSizing.collapsedTextHeight) > 0.5 {
            return "row \(id): the collapsed text area is \(given) px, not \(NoteSizing.collapsedTextHeight)"
        }
        return nil
    }

    /// A drawn note's last snapshot painted every line of its text that the viewport shows
    /// (`shown`, in the row's y), whatever path brought the row there (W14).
    private static func drawnTextProblem(_ note: NoteRowView, id: RowID, shown: Range<Int32>) -> String? {
        guard note.form == .preview else { return nil }
        var box = GtkAllocation()
        gtk_widget_get_allocation(note.preview.widget.widget, &box)
        let top = max(shown.lowerBound - box.y, 0)
        let band = top..<max(top, min(shown.upperBound - box.y, box.height))
        guard !note.preview.paintedCovers(band) else { return nil }
        let painted = note.preview.painted.map { "paragraphs \($0.first)..<\($0.end) over y \($0.top)..<\($0.bottom)" } ?? "nothing"
        return "row \(id): the viewport shows y \(band) of its drawn text, but its last snapshot painted \(painted)"
    }

    /// An expanded text view holds every line of its area that the viewport shows (`shown`, in
    /// the row's y), each where the model puts it: its scroller covers that part of the area,
    /// the text view is scrolled by the scroller's place in the area (so its y is the area's),
    /// and its line at the last shown y starts at the model's top for that paragraph (so GTK
    /// has laid out every line above as the model measured them, and none is drawn off its
    /// place).
    private static func textViewBandProblem(_ note: NoteRowView, id: RowID, shown: Range<Int32>) -> String? {
        guard note.form == .textView, note.expanded, let scroller = bounds(of: note.scroller, in: note.widget) else { return nil }
        let area = note.textAreaBox
        let needed = shown.clamped(to: area.y..<area.y + area.height)
        guard !needed.isEmpty else { return nil }
        let covered = Int32(scroller.y.rounded())..<Int32((scroller.y + scroller.height).rounded())
        guard covered.lowerBound <= needed.lowerBound, needed.upperBound <= covered.upperBound else {
            return "row \(id): the viewport shows y \(needed) of its text area, but its text view covers only y \(covered)"
        }
        var visible = GdkRectangle()
        gtk_text_view_get_visible_rect(note.textView(), &visible)
        let place = covered.lowerBound - area.y
        guard visible.y == place else {
            return "row \(id): its text view lies \(place) px into its text area but shows its text from y \(visible.y)"
        }
        guard note.linesStandAtTheModelsPlace(through: needed.upperBound - 1 - area.y) else {
            return "row \(id): its text view's line at y \(needed.upperBound - 1 - area.y) of the text is not where the model puts that paragraph"
        }
        return nil
    }

    /// When GTK's focus is in the table, it is in the model's focused row (N10).
    private func focusProblem(window: GObjectRef) -> String? {
        let view = controller.view!
        let model = controller.model
        guard let focus = gtk_root_get_focus(window()) else { return nil }
        let inTable = focus == view.widget.widget || gtk_widget_is_ancestor(focus, view.widget.widget) != 0
        // A popover (the context menu) is the table's child but a window of its own.
        guard inTable, gtk_widget_get_native(focus) == gtk_widget_get_native(view.widget.widget) else { return nil }
        let holder = controller.rowWithFocus()
        guard holder != model.focusedRow else { return nil }
        return "the keyboard focus is in \(holder.map { "row \($0)" } ?? "the table itself") but the model's focused row is \(model.focusedRow.map { "\($0)" } ?? "none")"
    }

    /// `widget`'s bounds in `target`'s coordinates.
    static func bounds(of widget: GObjectRef, in target: GObjectRef) -> Rect? {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget.widget, target.widget, &rect) != 0 else { return nil }
        return Rect(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width), height: Double(rect.size.height))
    }
}

private extension Rect {
    func isClose(to other: Rect) -> Bool {
        abs(x - other.x) <= 0.5 && abs(y - other.y) <= 0.5 && abs(width - other.width) <= 0.5 && abs(height - other.height) <= 0.5
    }
}
