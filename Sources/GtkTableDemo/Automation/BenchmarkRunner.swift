import BenchSupport
import CGtk
import GtkBridge
import TableModel

/// Runs a benchmark script (`--bench-script NAME --bench-output PATH`) on our table: the
/// table as a ``BenchmarkSubject``, driven through the controller exactly as input is
/// (`scroll(to:)`, the scrollbar's adjustment, model calls for row changes), timed by the
/// same ``BenchmarkSession`` that times GTK's list widgets in `ListPeers`.
@MainActor
final class BenchmarkRunner: BenchmarkSubject {
    let window: GObjectRef
    private let controller: TableController
    private let findBar: FindBar?
    private let isWindowQuiet: () -> Bool
    private var session: BenchmarkSession?
    private var typingTarget: RowID?

    /// Starts `script` on `controller`'s table; call before the window is presented.
    /// `finished` runs once the figures are written.
    /// `isQuiet` says whether the window is settled (no animation, no row content still to
    /// arrive) with no toast up, coming or going.
    init(window: GObjectRef, controller: TableController, findBar: FindBar?, isQuiet: @escaping () -> Bool,
         script: BenchmarkScript, outputPath: String, finished: @escaping () -> Void) {
        self.window = window
        self.controller = controller
        self.findBar = findBar
        self.isWindowQuiet = isQuiet
        let session = BenchmarkSession(subject: self, script: script, outputPath: outputPath, onFinished: finished)
        self.session = session
        session.start()
    }

    private var model: Table { controller.model }
    private var view: TableView { controller.view }

    var rowCount: Int { model.count }
    var scrollOffset: Double { model.geometry.scrollOffset }
    /// The scroll range as the scrollbar's adjustment has it (its lower bound is not always 0:
    /// see `ScrollAdjustment`).
    var contentHeight: Double { gtk_adjustment_get_upper(view.adjustment()) - gtk_adjustment_get_lower(view.adjustment()) }
    var viewportHeight: Double { model.geometry.viewportHeight }
    var scrollbarAdjustment: GObjectRef { view.adjustment }
    var liveRowWidgets: Int { view.rowWidgetCount }

    /// Total of the model's measure counts.
    /// - Complexity: O(rows measured so far).
    var measuredRowCount: Int { model.measureCounts.values.reduce(0, +) }

    /// Rows whose cell GTK measured, once per row per frame, counted as the peers count theirs.
    var widgetMeasuredRowCount: Int { controller.widgetMeasures.count }
    var widgetMeasureCallCount: Int { controller.widgetMeasures.calls }

    func scroll(to offset: Double) { controller.scroll(to: offset) }

    func topVisibleRow() -> (position: Int, y: Double)? {
        guard let row = view.placedRows.first(where: { $0.y + $0.height > 0 }), let y = windowY(of: row.id) else {
            return nil
        }
        return (row.index, y)
    }

    func windowY(ofRow position: Int) -> Double? {
        guard position < model.count else { return nil }
        return windowY(of: model.geometry.id(at: position))
    }

    private func windowY(of id: RowID) -> Double? {
        guard let cell = view.cell(for: id) else { return nil }
        var origin = graphene_point_t()
        var zero = graphene_point_t()
        guard gtk_widget_compute_point(cell.widget.widget, window.widget, &zero, &origin) != 0 else { return nil }
        return Double(origin.y)
    }

    /// Expands and lengthens the nearest note at least three rows above `position`.
    func growRow(above position: Int) -> Bool {
        for index in stride(from: position - 3, through: max(0, position - BenchmarkScript.growSearchLimit), by: -1) {
            let id = model.geometry.id(at: index)
            guard case .note(let text, let expanded)? = model.row(id)?.content else { continue }
            let longer = text + BenchmarkScript.grownText
            controller.perform { () throws(TableError) in try model.setText(longer, for: id) }
            if !expanded { controller.perform { () throws(TableError) in try model.toggleExpanded(id) } }
            return true
        }
        return false
    }

    /// The first expanded note, its text replaced by `text` (as an edit, saved like any) when given.
    func revealTypingTarget(text: String?) -> Bool {
        for index in 0..<min(model.count, BenchmarkScript.typingSearchLimit) {
            let id = model.geometry.id(at: index)
            guard case .note(_, true)? = model.row(id)?.content else { continue }
            if let text { controller.perform { () throws(TableError) in try model.setText(text, for: id) } }
            guard let top = model.geometry.offset(of: id) else { continue }
            typingTarget = id
            controller.scroll(to: top - 40)
            return true
        }
        return false
    }

    func focusTypingTarget() -> Bool {
        guard let id = typingTarget, let note = view.cell(for: id)?.content as? NoteRowView else { return false }
        note.focusText()
        let buffer = gtk_text_view_get_buffer(note.textView())
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        gtk_text_buffer_place_cursor(buffer, &end)
        return true
    }

    /// A point on the note's drawn text: a little in from its start, on a line in its upper part.
    func typingTargetClickPoint() -> (x: Double, y: Double)? {
        guard let id = typingTarget, let note = view.cell(for: id)?.content as? NoteRowView, note.form == .preview else { return nil }
        let text = note.preview.widget.widget
        var point = graphene_point_t(x: Float(RowStyle.note.textInset + 30), y: Float(min(Double(gtk_widget_get_height(text)) / 2, 120)))
        var inWindow = graphene_point_t()
        guard gtk_widget_compute_point(text, window.widget, &point, &inWindow) != 0 else { return nil }
        return (Double(inWindow.x), Double(inWindow.y))
    }

    func dropDrawingCaches() { view.dropDrawingCaches() }

    /// Ctrl+A, then Delete, through the controller as the keys go (E4).
    func deleteAllRows() -> Bool {
        controller.selectAll()
        controller.performBatch(.delete)
        return true
    }

    /// Ctrl+A, then Flag, through the controller as the clicks go (E3), then Escape.
    func flagAllRows() -> Bool {
        controller.selectAll()
        controller.performBatch(.mark(.flag, on: true))
        return controller.leaveSelectionMode()
    }

    /// Ctrl+Z after ``flagAllRows()``.
    func undoFlagAll() -> Bool { pressUndo() }

    /// A note or toggle row a little below the top of the view takes the keyboard focus, as a
    /// click on it would, for the driver's Ctrl+N and Alt+Down.
    func focusEditTarget() -> Bool {
        guard let top = topVisibleRow() else { return false }
        for position in top.position + 3..<min(model.count, top.position + 40) {
            let id = model.geometry.id(at: position)
            guard model.geometry.kind(of: id) != .header, view.cell(for: id) != nil else { continue }
            controller.focusInPlace(id)
            return true
        }
        return false
    }

    /// Ctrl+Z.
    func undoDeleteAll() -> Bool { pressUndo() }

    /// Runs the window's Undo action, as Ctrl+Z and the toast's button do: the step is undone
    /// and its toast withdrawn (undoing through the controller alone left the toast offering
    /// to undo a step already undone, and it slid in during the pixel oracle).
    private func pressUndo() -> Bool {
        gtk_widget_activate_action_variant(window.widget, "win.undo", nil) != 0
    }

    var isQuiet: Bool { isWindowQuiet() }

    /// Ctrl+F: the find bar opens with the caret in its entry.
    func openFind() -> Bool {
        guard let findBar else { return false }
        findBar.open()
        return true
    }

    /// The entry's text, set as typing leaves it; its `search-changed` starts the search.
    func setFindText(_ text: String) { findBar?.setText(text) }

    func findShows(_ text: String) -> Bool { findBar?.shownText == text }

    /// The rows the search matched (section headers shown only to name their sections not counted).
    var findMatchCount: Int { model.filterMatchCount ?? model.geometry.count }

    var typingTargetShowsCaret: Bool {
        guard let id = typingTarget, let note = view.cell(for: id)?.content as? NoteRowView else { return false }
        return note.form == .textView && gtk_widget_has_focus(note.textView.widget) != 0
    }
}
