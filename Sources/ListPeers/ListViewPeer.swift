import BenchSupport
import CGtk
import GtkBridge

/// GtkListView over a GtkStringList, or a GListStore of GtkStringObjects (through
/// GtkNoSelection), rows made by a GtkSignalListItemFactory: the widget GTK recommends for
/// long lists. It creates row widgets only around the viewport and recycles them as items
/// are bound and unbound.
///
/// Filtered (`--filter`, the find script's peer), a GtkFilterListModel with a GtkStringFilter
/// (substring, ignoring case, over each item's string: the row's searchable text) sits
/// between the GListStore and the selection, not incremental, so setting the search string
/// filters every row at once, in the frame that sets it. Each item then carries its row's
/// index (object data), since a filtered position is not the row's.
@MainActor
final class ListViewPeer: PeerList {
    /// Strings handed to the model per splice while it is filled (one `items-changed` each).
    static let fillChunk = 10_000

    let widget: GObjectRef
    /// The list model: a GtkStringList, or a GListStore when `isStore`.
    private let strings: GObjectRef
    private let isStore: Bool
    /// The filter and the filtered model when filtering (owned by the selection model).
    private let filter: OpaquePointer?
    private let shown: OpaquePointer
    /// The search string the filter holds ("" for none).
    private(set) var search = ""
    /// Row widgets by their GtkListItem, from `setup` to `teardown`.
    private var rowsByItem: [GObjectRef: PeerRow] = [:]
    private(set) var boundRows: [Int: PeerRow] = [:]

    /// - Complexity: O(n) for n rows (each text becomes a GtkStringObject).
    init(rows: PeerRows, rowText: PeerOptions.RowText, model: PeerOptions.Model, filtered: Bool, counter: WidgetMeasureCounter) {
        let texts = rows.texts
        let contents = rows.contents
        isStore = model == .liststore
        strings = isStore ? GObjectRef(UnsafeMutableRawPointer(g_list_store_new(gtk_string_object_get_type())!))
            : GObjectRef(gtk_string_list_new(nil)!)
        var start = 0
        while start < texts.count {
            let chunk = Array(texts[start..<min(start + Self.fillChunk, texts.count)])
            Self.splice(strings, isStore: isStore, at: start, removing: 0, adding: chunk, numbered: filtered)
            start += chunk.count
        }
        if filtered {
            let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
            let stringFilter = gtk_string_filter_new(expression)!
            gtk_string_filter_set_match_mode(stringFilter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING)
            gtk_string_filter_set_ignore_case(stringFilter, 1)
            filter = stringFilter
            let filterModel = gtk_filter_list_model_new(strings.opaque, UnsafeMutableRawPointer(stringFilter).assumingMemoryBound(to: GtkFilter.self))!
            gtk_filter_list_model_set_incremental(filterModel, 0)
            shown = filterModel
        } else {
            filter = nil
            shown = strings.opaque
        }
        let factory = GObjectRef(gtk_signal_list_item_factory_new()!)
        // The selection model and the view take ownership of the list (and the filter model
        // of the list and the filter) and the factory.
        let selection = gtk_no_selection_new(shown)
        widget = GObjectRef(gtk_list_view_new(selection, factory.opaque)!)
        factory.onObject("setup") { [weak self] item in
            let row = PeerRow(kind: rowText, counter: counter)
            gtk_list_item_set_child(item.opaque, row.widget.widget)
            self?.rowsByItem[item] = row
        }
        factory.onObject("bind") { [weak self] item in
            guard let self, let row = self.rowsByItem[item] else { return }
            let position = Int(gtk_list_item_get_position(item.opaque))
            let index = filtered ? Int(bitPattern: g_object_get_data(gtk_list_item_get_item(item.opaque)?.assumingMemoryBound(to: GObject.self), Self.indexKey)) - 1 : position
            row.show(contents[index])
            row.string = String(cString: gtk_string_object_get_string(OpaquePointer(gtk_list_item_get_item(item.opaque))))
            row.position = position
            self.boundRows[position] = row
        }
        factory.onObject("unbind") { [weak self] item in
            guard let self, let row = self.rowsByItem[item], let position = row.position else { return }
            if self.boundRows[position] === row { self.boundRows[position] = nil }
            row.position = nil
        }
        factory.onObject("teardown") { [weak self] item in self?.rowsByItem[item] = nil }
    }

    /// Rows the list shows (those the filter lets through, when filtering).
    var rowCount: Int { Int(g_list_model_get_n_items(shown)) }

    /// Sets the filter's search string ("" for none: every row); the filter model filters
    /// every row before this returns. Does nothing unless filtering.
    func setSearch(_ text: String) {
        guard let filter else { return }
        search = text
        gtk_string_filter_set_search(filter, text.isEmpty ? nil : text)
    }

    /// Whether the list filters (`--filter`).
    var filters: Bool { filter != nil }

    /// The object data key under which a filtered list's items keep their row index + 1.
    private static let indexKey = "peer-row"
    var liveRowWidgets: Int { rowsByItem.count }

    func text(at position: Int) -> String {
        guard isStore else { return String(cString: gtk_string_list_get_string(strings(), guint(position))) }
        let item = OwnedObject(adopting: GObjectRef(g_list_model_get_item(strings.opaque, guint(position))!))
        return String(cString: gtk_string_object_get_string(item.ref.opaque))
    }

    /// Replaces the item: the model emits `items-changed (position, 1, 1)`.
    func setText(_ text: String, at position: Int) {
        Self.splice(strings, isStore: isStore, at: position, removing: 1, adding: [text], numbered: filters)
    }

    /// Removes every item in one splice (`items-changed (0, n, 0)`), as a batch delete of all
    /// rows does in an app built on this list.
    func removeAll() {
        Self.splice(strings, isStore: isStore, at: 0, removing: Int(g_list_model_get_n_items(strings.opaque)), adding: [])
    }

    /// Inserts an empty row after row `position` in one splice (`items-changed (p+1, 0, 1)`),
    /// as Ctrl+N does in an app built on this list.
    func insertEmpty(after position: Int) {
        Self.splice(strings, isStore: isStore, at: position + 1, removing: 0, adding: [""])
    }

    /// Moves row `position` one place down in one splice that puts the pair back swapped
    /// (`items-changed (p, 2, 2)`), as Alt+Down does in an app built on this list.
    func moveDown(_ position: Int) {
        guard position + 1 < rowCount else { return }
        Self.splice(strings, isStore: isStore, at: position, removing: 2, adding: [text(at: position + 1), text(at: position)])
    }

    /// One splice of the model: `g_list_store_splice` or `gtk_string_list_splice`. When
    /// `numbered`, each new item keeps its row index (``indexKey``).
    private static func splice(_ model: GObjectRef, isStore: Bool, at position: Int, removing: Int, adding texts: [String],
                               numbered: Bool = false) {
        if isStore {
            // Ours go after the splice: the store keeps its own.
            let items = texts.map { OwnedObject(adopting: gtk_string_object_new($0)!) }
            if numbered {
                for (offset, item) in items.enumerated() {
                    g_object_set_data(item.ref.object, indexKey, UnsafeMutableRawPointer(bitPattern: position + offset + 1))
                }
            }
            var pointers: [gpointer?] = items.map { $0.ref.pointer }
            withExtendedLifetime(items) {
                g_list_store_splice(model.opaque, guint(position), guint(removing), &pointers, guint(pointers.count))
            }
        } else {
            let copies = texts.map { UnsafePointer(strdup($0)) } + [nil]
            gtk_string_list_splice(model(), guint(position), guint(removing), copies)
            copies.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
        }
    }

    /// GTK 4.8 has no `gtk_list_view_scroll_to`; the list's `list.scroll-to-item` action does it.
    func scrollTo(_ position: Int, adjustment: GObjectRef) {
        gtk_widget_activate_action_variant(widget.widget, "list.scroll-to-item", g_variant_new_uint32(guint32(position)))
    }
}
