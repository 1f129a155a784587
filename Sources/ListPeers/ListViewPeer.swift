import BenchSupport
import CGtk
import GtkBridge

/// GtkListView over a GtkStringList, or a GListStore of GtkStringObjects (through
/// GtkNoSelection), rows made by a GtkSignalListItemFactory: the widget GTK recommends for
/// long lists. It creates row widgets only around the viewport and recycles them as items
/// are bound and unbound.
@MainActor
final class ListViewPeer: PeerList {
    /// Strings handed to the model per splice while it is filled (one `items-changed` each).
    static let fillChunk = 10_000

    let widget: GObjectRef
    /// The list model: a GtkStringList, or a GListStore when `isStore`.
    private let strings: GObjectRef
    private let isStore: Bool
    /// Row widgets by their GtkListItem, from `setup` to `teardown`.
    private var rowsByItem: [GObjectRef: PeerRow] = [:]
    private(set) var boundRows: [Int: PeerRow] = [:]

    /// - Complexity: O(n) for n rows (each text becomes a GtkStringObject).
    init(rows: PeerRows, rowText: PeerOptions.RowText, model: PeerOptions.Model, counter: WidgetMeasureCounter) {
        let texts = rows.texts
        let contents = rows.contents
        isStore = model == .liststore
        strings = isStore ? GObjectRef(UnsafeMutableRawPointer(g_list_store_new(gtk_string_object_get_type())!))
            : GObjectRef(gtk_string_list_new(nil)!)
        var start = 0
        while start < texts.count {
            let chunk = Array(texts[start..<min(start + Self.fillChunk, texts.count)])
            Self.splice(strings, isStore: isStore, at: start, removing: 0, adding: chunk)
            start += chunk.count
        }
        let factory = GObjectRef(gtk_signal_list_item_factory_new()!)
        // The selection model and the view take ownership of the list and the factory.
        let selection = gtk_no_selection_new(strings.opaque)
        widget = GObjectRef(gtk_list_view_new(selection, factory.opaque)!)
        factory.onObject("setup") { [weak self] item in
            let row = PeerRow(kind: rowText, counter: counter)
            gtk_list_item_set_child(item.opaque, row.widget.widget)
            self?.rowsByItem[item] = row
        }
        factory.onObject("bind") { [weak self] item in
            guard let self, let row = self.rowsByItem[item] else { return }
            let position = Int(gtk_list_item_get_position(item.opaque))
            row.show(contents[position])
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

    var rowCount: Int { Int(g_list_model_get_n_items(strings.opaque)) }
    var liveRowWidgets: Int { rowsByItem.count }

    func text(at position: Int) -> String {
        guard isStore else { return String(cString: gtk_string_list_get_string(strings(), guint(position))) }
        let item = g_list_model_get_item(strings.opaque, guint(position))
        defer { g_object_unref(item) }
        return String(cString: gtk_string_object_get_string(OpaquePointer(item)))
    }

    /// Replaces the item: the model emits `items-changed (position, 1, 1)`.
    func setText(_ text: String, at position: Int) {
        Self.splice(strings, isStore: isStore, at: position, removing: 1, adding: [text])
    }

    /// Removes every item in one splice (`items-changed (0, n, 0)`), as a batch delete of all
    /// rows does in an app built on this list.
    func removeAll() {
        Self.splice(strings, isStore: isStore, at: 0, removing: rowCount, adding: [])
    }

    /// One splice of the model: `g_list_store_splice` or `gtk_string_list_splice`.
    private static func splice(_ model: GObjectRef, isStore: Bool, at position: Int, removing: Int, adding texts: [String]) {
        if isStore {
            var items: [gpointer?] = texts.map { UnsafeMutableRawPointer(gtk_string_object_new($0)) }
            g_list_store_splice(model.opaque, guint(position), guint(removing), &items, guint(items.count))
            items.forEach { g_object_unref($0) }
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
