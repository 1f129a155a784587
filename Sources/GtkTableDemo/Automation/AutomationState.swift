import CGtk
import GtkBridge
import TableModel

/// The table's state as the `--state-file` reports it: geometry in window coordinates (the X
/// window's, which include the client-side decoration margin, so they are what xdotool and a
/// screenshot of the window use), what each visible row shows, and cumulative measure and
/// bind counts per row id.
@MainActor
enum AutomationState {
    static func snapshot(of controller: TableController, in window: GObjectRef, measurer: PangoTextMeasurer) -> [String: Any] {
        let model = controller.model
        let layout = model.layout
        let view = controller.view!
        var origin = graphene_point_t()
        var zero = graphene_point_t()
        _ = gtk_widget_compute_point(view.widget.widget, window.widget, &zero, &origin)
        var marginX = 0.0
        var marginY = 0.0
        gtk_native_get_surface_transform(window(), &marginX, &marginY)
        origin.x += Float(marginX)
        origin.y += Float(marginY)
        let top = Double(origin.y)
        let rows: [[String: Any]] = view.placedRows.map { placed in
            var entry: [String: Any] = [
                "id": placed.id.rawValue, "kind": placed.kind.name, "y": top + placed.y, "height": placed.height,
                "measured": placed.isMeasured, "swipeOffset": controller.swipeOffset(of: placed.id),
                "expanded": false, "open": false,
            ]
            guard let row = model.row(placed.id) else { return entry }
            entry["flagged"] = row.flagged
            entry["done"] = row.done
            switch row.content {
            case .note(let text, let expanded):
                entry["expanded"] = expanded
                entry["text"] = String(text.prefix(200))
                entry["canExpand"] = (try? model.noteLayout(for: placed.id).canExpand) ?? false
                entry["modelTextHeight"] = (try? model.noteLayout(for: placed.id).contentHeight) ?? 0
                if let note = view.cell(for: placed.id)?.content as? NoteRowView {
                    entry["widgetTextHeight"] = note.widgetTextHeight
                    entry["textScroll"] = note.textScroll
                    entry["caretVisible"] = note.isCaretVisible
                }
                entry["unknownGlyphs"] = measurer.unknownGlyphCount(String(text.prefix(2000)), font: model.metrics.note.font)
            case .toggle(let title, let open):
                entry["open"] = open
                entry["title"] = title
                entry["label"] = (try? model.toggleLabel(for: placed.id)) ?? ""
            case .header(let title):
                entry["title"] = title
            case .grid(let chips):
                entry["chips"] = chips.count
            case .rich:
                entry["loaded"] = (try? model.richState(of: placed.id)).map { !$0.isPending } ?? false
            }
            return entry
        }
        var state: [String: Any] = [
            "scrollOffset": layout.scrollOffset,
            "contentHeight": layout.contentHeight,
            "viewportHeight": layout.viewportHeight,
            "rowCount": layout.count,
            "rowWidth": view.rowWidth,
            "rowWidgets": view.rowWidgetCount,
            "shownRowWidgets": view.cells.count,
            "tableOrigin": ["x": Double(origin.x), "y": top],
            "rows": rows,
            "measureCount": Dictionary(uniqueKeysWithValues: model.measureCounts.map { (String($0.key.rawValue), $0.value) }),
            "bindCount": Dictionary(uniqueKeysWithValues: controller.bindCounts.map { (String($0.key.rawValue), $0.value) }),
            "canUndo": model.canUndo,
            "canRedo": model.canRedo,
            "anyRowOpen": model.isAnyRowOpen,
            "contextMenuOpen": controller.contextMenu.isOpen,
        ]
        if let editing = model.editingRow { state["editingRow"] = editing.rawValue }
        if let focused = controller.rowWithFocus() { state["focusedRow"] = focused.rawValue }
        if let sticky = view.stickyHeader {
            state["stickyHeader"] = ["id": sticky.id.rawValue, "y": top + sticky.y - layout.scrollOffset]
        }
        return state
    }
}
