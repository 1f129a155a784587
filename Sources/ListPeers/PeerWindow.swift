import BenchSupport
import CGtk
import GtkBridge

/// The peers' window: a header bar and a GtkScrolledWindow holding the GTK list widget, the
/// same size as our app's window. As a ``BenchmarkSubject`` it scrolls through the scrolled
/// window's vertical adjustment, which its scrollbar drags.
@MainActor
final class PeerWindow: BenchmarkSubject {
    let window: GObjectRef
    private let scroller: GObjectRef
    private let adjustment: GObjectRef
    private let list: PeerList
    private let counter = WidgetMeasureCounter()
    private let typingTarget: Int?
    private let contents: [PeerRowContent]
    private var session: BenchmarkSession?
    /// The row Ctrl+N inserts after and Alt+Down moves, once ``focusEditTarget()`` chose it.
    private var editPosition: Int?

    init(application: GObjectRef, options: PeerOptions, rows: PeerRows) {
        window = GObjectRef(gtk_application_window_new(application())!)
        gtk_window_set_title(window(), "ListPeers")
        gtk_window_set_default_size(window(), options.width, options.height)
        scroller = GObjectRef(gtk_scrolled_window_new()!)
        gtk_scrolled_window_set_policy(scroller(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scroller.widget, 1)
        switch options.widget {
        case .listview: list = ListViewPeer(
            rows: rows, rowText: options.rowText, model: options.model, filtered: options.filters, counter: counter)
        case .listbox: list = ListBoxPeer(rows: rows, rowText: options.rowText, counter: counter)
        }
        typingTarget = options.rowText == .textview ? rows.typingTarget : nil
        contents = rows.contents
        gtk_scrolled_window_set_child(scroller(), list.widget.widget)
        adjustment = GObjectRef(gtk_scrolled_window_get_vadjustment(scroller())!)
        let column = GObjectRef(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!)
        gtk_box_append(column(), gtk_header_bar_new())
        gtk_box_append(column(), scroller.widget)
        gtk_window_set_child(window(), column.widget)
        if let script = options.benchScript, let output = options.benchOutputPath {
            let session = BenchmarkSession(subject: self, script: script, outputPath: output) { [window] in
                gtk_window_close(window())
            }
            self.session = session
            session.start()
        }
    }

    func present() { gtk_window_present(window()) }

    // MARK: BenchmarkSubject

    var rowCount: Int { list.rowCount }
    var scrollOffset: Double { gtk_adjustment_get_value(adjustment()) }
    var contentHeight: Double { gtk_adjustment_get_upper(adjustment()) }
    var viewportHeight: Double { gtk_adjustment_get_page_size(adjustment()) }
    var scrollbarAdjustment: GObjectRef { adjustment }
    var liveRowWidgets: Int { list.liveRowWidgets }
    /// A peer has no model of its own: its measured rows are GTK's.
    var measuredRowCount: Int { counter.count }
    var widgetMeasuredRowCount: Int { counter.count }
    var widgetMeasureCallCount: Int { counter.calls }

    func scroll(to offset: Double) { gtk_adjustment_set_value(adjustment(), offset) }

    /// - Complexity: O(rows with widgets).
    func topVisibleRow() -> (position: Int, y: Double)? {
        guard let top = windowY(of: scroller) else { return nil }
        let bottom = top + viewportHeight
        var best: (position: Int, y: Double)?
        for (position, row) in list.boundRows where best.map({ position < $0.position }) ?? true {
            guard let y = windowY(of: row.widget), y + Double(gtk_widget_get_height(row.widget.widget)) > top, y < bottom
            else { continue }
            best = (position, y)
        }
        return best
    }

    func windowY(ofRow position: Int) -> Double? { list.boundRows[position].flatMap { windowY(of: $0.widget) } }

    /// Where `widget` is drawn, or nil if it is not drawn (GtkListView keeps rows it does not
    /// show unmapped, with stale allocations).
    private func windowY(of widget: GObjectRef) -> Double? {
        guard gtk_widget_get_mapped(widget.widget) != 0 else { return nil }
        var origin = graphene_point_t()
        var zero = graphene_point_t()
        guard gtk_widget_compute_point(widget.widget, window.widget, &zero, &origin) != 0 else { return nil }
        return Double(origin.y)
    }

    /// Lengthens the text of the nearest note at least three rows above `position`, as our
    /// table's benchmark does.
    ///
    /// - Complexity: O(1) (at most 200 rows are looked at).
    func growRow(above position: Int) -> Bool {
        for index in stride(from: position - 3, through: max(0, position - BenchmarkScript.growSearchLimit), by: -1) {
            guard case .note = contents[index] else { continue }
            list.setText(list.text(at: index) + BenchmarkScript.grownText, at: index)
            return true
        }
        return false
    }

    /// The peers type into their note as it is.
    func revealTypingTarget(text: String?) -> Bool {
        guard text == nil, let target = typingTarget else { return false }
        list.scrollTo(target, adjustment: adjustment)
        return true
    }

    func focusTypingTarget() -> Bool {
        guard let target = typingTarget, let row = list.boundRows[target] else { return false }
        return row.focusAtEnd()
    }

    /// Removes every row in one splice of the list's model (E4's peer); GtkListBox's rows
    /// are its children, so it has no such splice.
    func deleteAllRows() -> Bool {
        guard let view = list as? ListViewPeer else { return false }
        view.removeAll()
        return true
    }

    /// A row a little below the top of the view takes Ctrl+N and Alt+Down (E1, E2's peer), as
    /// an app built on a GtkListView over a GListStore would do them: Ctrl+N inserts an empty
    /// row after it (which then takes them), Alt+Down moves it one place down, each one splice.
    /// After a programmatic scroll far down, GtkListView 4.8 may show none of its bound rows
    /// yet; the middle row is then scrolled to (`list.scroll-to-item`) before the keys come.
    func focusEditTarget() -> Bool {
        guard let view = list as? ListViewPeer, list.rowCount > 1 else { return false }
        if let top = topVisibleRow() {
            editPosition = min(top.position + 3, list.rowCount - 2)
        } else {
            editPosition = list.rowCount / 2
            list.scrollTo(list.rowCount / 2, adjustment: adjustment)
        }
        let keys = GObjectRef(gtk_event_controller_key_new()!)
        gtk_event_controller_set_propagation_phase(keys(), GTK_PHASE_CAPTURE)
        keys.onKey("key-pressed") { [weak self] keyval, _, state in
            guard let self, let position = self.editPosition else { return false }
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            switch (Int32(keyval), modifiers) {
            case (GDK_KEY_n, GDK_CONTROL_MASK.rawValue): view.insertEmpty(after: position)
            case (GDK_KEY_Down, GDK_ALT_MASK.rawValue): view.moveDown(position)
            default: return false
            }
            self.editPosition = min(position + 1, self.list.rowCount - 2)
            return true
        }
        gtk_widget_add_controller(window.widget, keys())
        return true
    }

    /// A filtered GtkListView's filter (`--filter`) is its find entry.
    func openFind() -> Bool { (list as? ListViewPeer)?.filters == true }

    /// Sets the GtkStringFilter's search string, as a GtkSearchEntry's `search-changed`
    /// handler would: the rows are filtered before this returns.
    func setFindText(_ text: String) { (list as? ListViewPeer)?.setSearch(text) }

    func findShows(_ text: String) -> Bool { (list as? ListViewPeer)?.search == text }

    /// The rows the filter lets through.
    var findMatchCount: Int { list.rowCount }

    /// The peers are not clicked into (their scripts focus the note).
    func typingTargetClickPoint() -> (x: Double, y: Double)? { nil }
    var typingTargetShowsCaret: Bool { false }
}
