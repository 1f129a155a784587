import CGtk
import GtkBridge
import RowStore
import TableModel

/// The find bar (F1): a GtkSearchBar under the header bar with a GtkSearchEntry and the
/// number of matching rows, opened by Ctrl+F (`win.find`) or the header bar's search button.
/// Each change of the text is searched off the main thread (``RowSearcher``, which drops
/// stale queries); the last one's matches come back as one batch and filter the table
/// through the model (F2). Escape, closing the bar or clearing the entry shows every row.
@MainActor
final class FindBar {
    enum Words {
        static var find: String { tr("Find") }
        static var findTooltip: String { tr("Find rows (Ctrl+F)") }
        static var entryName: String { tr("Find rows") }
        static var close: String { tr("Close Find") }
        static var countName: String { tr("Matching rows") }
        static var noMatches: String { tr("No matching rows") }
        static var noMatchesHint: String { tr("Try fewer or shorter words") }
        static func rows(_ count: Int) -> String { trn("{count} row", "{count} rows", count) }
        static var unavailable: String { tr("Find needs the rows database; the sample data cannot be searched") }
    }

    let bar: GObjectRef
    let button: GObjectRef
    private let entry: GObjectRef
    private let count: GObjectRef
    private let controller: TableController
    private let searcher: RowSearcher?
    /// The generation of the last search asked for; only its outcome is shown.
    private var latest = 0
    /// The entry's text when the last search was asked for, and the text whose outcome the
    /// table shows ("" when it shows every row): what the find benchmark waits for.
    private var searchedText = ""
    private(set) var shownText = ""

    init(controller: TableController, databasePath: String?) {
        self.controller = controller
        searcher = databasePath.map(RowSearcher.init(path:))
        bar = GObjectRef(gtk_search_bar_new()!)
        entry = GObjectRef(gtk_search_entry_new()!)
        count = GObjectRef(gtk_inscription_new(nil)!)
        button = GObjectRef(gtk_toggle_button_new()!)
        gtk_button_set_icon_name(button(), "system-search-symbolic")
        gtk_widget_set_tooltip_text(button.widget, Words.findTooltip)
        button.setAccessibleLabel(Words.find)
        gtk_widget_set_sensitive(button.widget, searcher == nil ? 0 : 1)
        if searcher == nil { gtk_widget_set_tooltip_text(button.widget, Words.unavailable) }
        gtk_search_entry_set_search_delay(entry(), 0)
        gtk_widget_set_hexpand(entry.widget, 1)
        gtk_widget_add_css_class(count.widget, "dim-label")
        // An inscription's size does not follow its text, so a new count only redraws it. A
        // label would resize the window, and a resize in the frame that binds the filtered
        // rows lost the table's own re-allocation (GTK 4.8 then warned that it snapshotted the
        // toast overlay without an allocation, and rows kept their old drawing).
        gtk_inscription_set_min_chars(count(), 4)
        gtk_inscription_set_nat_chars(count(), 44)
        gtk_inscription_set_xalign(count(), 0)
        let row = GObjectRef(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!)
        row.append(entry)
        row.append(count)
        gtk_search_bar_set_child(bar(), row.widget)
        gtk_search_bar_connect_entry(bar(), entry())
        gtk_search_bar_set_show_close_button(bar(), 1)
        g_object_bind_property(button.pointer, "active", bar.pointer, "search-mode-enabled", GBindingFlags(rawValue: G_BINDING_BIDIRECTIONAL.rawValue | G_BINDING_SYNC_CREATE.rawValue))
        entry.setAccessibleLabel(Words.entryName)
        count.setAccessibleLabel(Words.countName)
        Self.nameCloseButtons(under: bar.widget)
        entry.on("search-changed") { [weak self] in self?.textChanged() }
        bar.onNotify("search-mode-enabled") { [weak self] in self?.modeChanged() }
        if let revealer = gtk_widget_get_first_child(bar.widget),
            g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(revealer)), gtk_revealer_get_type()) != 0 {
            GObjectRef(revealer).onNotify("child-revealed") { [weak self] in
                guard let self, gtk_revealer_get_child_revealed(OpaquePointer(revealer)) == 0 else { return }
                self.slidAway()
            }
        } else {
            bar.onNotify("search-mode-enabled") { [weak self] in self?.slidAway() }
        }
    }

    /// Names GtkSearchBar's own close button (an icon, read by its class name otherwise).
    private static func nameCloseButtons(under widget: UnsafeMutablePointer<GtkWidget>) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(current)), gtk_button_get_type()) != 0 {
                GObjectRef(current).setAccessibleLabel(Words.close)
            }
            nameCloseButtons(under: current)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Sets the entry's text as typing leaves it (the find benchmark's key).
    func setText(_ text: String) {
        gtk_editable_set_text(entry(), text)
    }

    /// Opens the bar and puts the caret in the entry (Ctrl+F).
    func open() {
        guard searcher != nil else { return }
        gtk_search_bar_set_search_mode(bar(), 1)
        gtk_widget_grab_focus(entry.widget)
    }

    private var isOpen: Bool { gtk_search_bar_get_search_mode(bar()) != 0 }

    /// Whether the bar has finished sliding in (GtkSearchBar's revealer says so).
    private var isRevealed: Bool {
        guard let revealer = gtk_widget_get_first_child(bar.widget),
            g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(revealer)), gtk_revealer_get_type()) != 0
        else { return isOpen }
        return gtk_revealer_get_child_revealed(OpaquePointer(revealer)) != 0
    }

    /// The text the entry holds.
    var text: String {
        String(cString: gtk_editable_get_text(entry()))
    }

    /// What GTK shows of the bar, for the state file: whether the bar is revealed, the
    /// entry's text and the count label's text, as the widgets hold them, and the text whose
    /// matches the table was last filtered to (`shows`: the entry runs ahead of it while a
    /// search is under way).
    func automationFacts(in window: GObjectRef) -> [String: Any] {
        [
            "open": isOpen, "revealed": isRevealed, "text": text, "count": gtk_inscription_get_text(count()).map { String(cString: $0) } ?? "",
            "shows": shownText,
            "entryFocused": gtk_widget_is_focus(entry.widget) != 0 || gtk_window_get_focus(window()).map { gtk_widget_is_ancestor($0, entry.widget) != 0 } == true,
        ]
    }

    /// The bar closed (Escape, its close button, the header bar's button): the entry empties
    /// and the table takes the focus at once; every row comes back once the bar has slid away
    /// (`slidAway`).
    private func modeChanged() {
        guard !isOpen else { return }
        searcher?.cancel()
        latest = -1
        gtk_editable_set_text(entry(), "")
        setCount("")
        gtk_widget_grab_focus(controller.view.widget.widget)
    }

    /// The bar's revealer finished sliding. Closed, every row comes back a frame later: while
    /// the bar slid away the table grew inside the window, and GTK 4.8 loses the table's
    /// re-allocation when rows are bound in a frame that also resizes from inside the window
    /// (it warned that it snapshotted the toast overlay without an allocation, and rows kept
    /// their old drawing). The overscan holds the rows the growing table shows, so those frames
    /// bind none; the frame after the last one binds the whole table's rows.
    private func slidAway() {
        guard !isOpen else { return }
        var frames = 0
        controller.view.widget.addTickCallback { [weak self] _ in
            frames += 1
            guard frames >= 2 else { return true }
            if let self, !self.isOpen, !self.controller.isClosed, self.controller.model.isFiltered {
                self.controller.apply(self.controller.model.clearFilter())
            }
            return false
        }
    }

    private func textChanged() {
        guard let searcher else { return }
        guard isOpen else { return }  // emptied on closing: `modeChanged` shows every row
        let query = SearchQuery(text)
        guard !query.isEmpty else {
            showEveryRow()
            return
        }
        searchedText = text
        // The filtered layout is built on the searcher's thread, from a snapshot of the rows'
        // heights taken now; the main thread then only swaps it in (`Table.filter(_:words:)`).
        let source = controller.model.filterSource(alsoShowing: loadedRichMatches(of: query))
        latest = searcher.search(query) { [weak self] outcome in
            var prepared: PreparedFilter?
            if case .success(let matches) = outcome.result {
                prepared = PreparedFilter(source: source, matches: matches) { !searcher.isCurrent(outcome.generation) }
                guard prepared != nil else { return }
            }
            let ready = prepared
            MainLoopSource.idleFromAnyThread { self?.show(outcome, prepared: ready) }
        }
    }

    /// The loaded rich rows whose text holds every word of `query` (the index holds only
    /// their source's name).
    private func loadedRichMatches(of query: SearchQuery) -> Set<RowID> {
        let folded = FindHighlights.fold(query.words)
        return Set(controller.model.loadedRichTexts().filter { FindHighlights.containsAll(folded, in: Substring($0.text)) }.map(\.id))
    }

    private func showEveryRow() {
        searcher?.cancel()
        latest = -1
        shownText = ""
        setCount("")
        if controller.model.isFiltered { controller.apply(controller.model.clearFilter()) }
    }

    /// Shows the matches of the last search asked for, built into `prepared`; older outcomes
    /// are dropped.
    private func show(_ outcome: RowSearcher.Outcome, prepared: PreparedFilter?) {
        guard outcome.generation == latest, !controller.isClosed else { return }
        switch outcome.result {
        case .success:
            guard let prepared else { return }
            controller.apply(controller.model.filter(prepared, words: outcome.query.words))
            shownText = searchedText
            showMatchCount()
        case .failure(let error):
            controller.onError?(tr("Could not search the rows: {reason}").filling(["reason": FileErrorWording.text(for: error)]), error.description)
        }
    }

    /// Says how many rows match the filter on: after each search, and after an edit changed
    /// it (a delete or its undo while filtered). Does nothing while no filter is on, or once
    /// the bar closed (the filter goes a moment later: `slidAway`).
    func showMatchCount() {
        guard isOpen, let shown = controller.model.filterMatchCount else { return }
        let text = shown == 0 ? "\(Words.noMatches) — \(Words.noMatchesHint)" : Words.rows(shown)
        if gtk_inscription_get_text(count()).map({ String(cString: $0) }) != text { setCount(text) }
    }

    private func setCount(_ text: String) {
        gtk_inscription_set_text(count(), text)
        // An inscription is read by its class name unless labelled: it says the count.
        count.setAccessibleLabel(text.isEmpty ? Words.countName : text)
    }
}
