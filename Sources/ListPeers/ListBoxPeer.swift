import BenchSupport
import CGtk
import GtkBridge

/// GtkListBox with one row widget per row, all created up front: GTK's simple list, which
/// is not virtualized.
@MainActor
final class ListBoxPeer: PeerList {
    let widget: GObjectRef
    private let rows: [PeerRow]
    let boundRows: [Int: PeerRow]

    /// - Complexity: O(n) widgets for n rows.
    init(rows peerRows: PeerRows, rowText: PeerOptions.RowText, counter: WidgetMeasureCounter) {
        widget = GObjectRef(gtk_list_box_new()!)
        gtk_list_box_set_selection_mode(widget(), GTK_SELECTION_NONE)
        rows = zip(peerRows.texts, peerRows.contents).enumerated().map { position, item in
            let row = PeerRow(kind: rowText, counter: counter)
            row.show(item.1)
            row.string = item.0
            row.position = position
            return row
        }
        for row in rows { gtk_list_box_append(widget(), row.widget.widget) }
        boundRows = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($0, $1) })
    }

    var rowCount: Int { rows.count }
    var liveRowWidgets: Int { rows.count }

    func text(at position: Int) -> String { rows[position].string }

    /// A list box has no model here: the row's widget is changed directly.
    func setText(_ text: String, at position: Int) { rows[position].string = text }

    func scrollTo(_ position: Int, adjustment: GObjectRef) {
        var origin = graphene_point_t()
        var zero = graphene_point_t()
        guard gtk_widget_compute_point(rows[position].widget.widget, widget.widget, &zero, &origin) != 0 else { return }
        gtk_adjustment_set_value(adjustment(), Double(origin.y))
    }
}
