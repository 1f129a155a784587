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
    private let counter = RowMeasureCounter()
    private let typingTarget: Int?
    private var session: BenchmarkSession?

    init(application: GObjectRef, options: PeerOptions, rows: PeerRows) {
        window = GObjectRef(gtk_application_window_new(application())!)
        gtk_window_set_title(window(), "ListPeers")
        gtk_window_set_default_size(window(), options.width, options.height)
        scroller = GObjectRef(gtk_scrolled_window_new()!)
        gtk_scrolled_window_set_policy(scroller(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scroller.widget, 1)
        switch options.widget {
        case .listview: list = ListViewPeer(texts: rows.texts, rowText: options.rowText, counter: counter)
        case .listbox: list = ListBoxPeer(texts: rows.texts, rowText: options.rowText, counter: counter)
        }
        typingTarget = options.rowText == .textview ? rows.typingTarget : nil
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
    var measuredRowCount: Int { counter.count }

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

    /// Lengthens the text of the row three above `position`.
    func growRow(above position: Int) -> Bool {
        guard position >= 3 else { return false }
        let text = list.text(at: position - 3)
        list.setText(text + BenchmarkScript.grownText, at: position - 3)
        return true
    }

    func revealTypingTarget() -> Bool {
        guard let target = typingTarget else { return false }
        list.scrollTo(target, adjustment: adjustment)
        return true
    }

    func focusTypingTarget() -> Bool {
        guard let target = typingTarget, let row = list.boundRows[target] else { return false }
        return row.focusAtEnd()
    }
}
