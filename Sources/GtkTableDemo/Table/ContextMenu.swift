import CGtk
import GtkBridge
import TableModel

/// A row's swipe actions without dragging (S7): a popover listing the same actions, opened by
/// a secondary click, the Menu key or Shift+F10. Its items are real, named buttons, so
/// assistive technology can find and press them.
@MainActor
final class ContextMenu {
    private let popover: GObjectRef
    private let list: GObjectRef
    private unowned let controller: TableController
    private var row: RowID?
    /// The table's focused row when the menu opened: it gets the focus back when it closes.
    private var focusToReturn: RowID?

    init(controller: TableController) {
        self.controller = controller
        popover = GObjectRef(gtk_popover_new()!)
        popover.addCSSClass("menu")
        gtk_popover_set_has_arrow(popover(), 0)
        list = GObjectRef(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!)
        gtk_popover_set_child(popover(), list.widget)
        // The first child: a popover is a surface of its own, drawn apart from its siblings,
        // and the table's sticky header stays its last child (`TableView.init`).
        gtk_widget_insert_after(popover.widget, controller.view.widget.widget, nil)
        popover.on("closed") { [weak self] in
            guard let self else { return }
            self.row = nil
            // The menu held the focus; the row it was opened for gets it back (N10).
            self.controller.restoreRowFocus()
            // GTK 4.10 and later move the focus to the popover's parent, the table, as the
            // popover closes (after this signal when it closes by itself, on a click outside):
            // give it back once that is done.
            let returnTo = self.focusToReturn
            MainLoopSource.idle { [weak self] in
                self?.controller.takeFocusBack(for: returnTo)
                return false
            }
        }
        // Escape closes the menu, as GTK's own handler would, but through `close()`.
        let keys = GObjectRef(gtk_event_controller_key_new()!)
        gtk_event_controller_set_propagation_phase(keys(), GTK_PHASE_CAPTURE)
        keys.onKey("key-pressed") { [weak self] keyval, _, _ in
            guard let self, keyval == UInt32(GDK_KEY_Escape) else { return false }
            self.close()
            return true
        }
        gtk_widget_add_controller(popover.widget, keys())
    }

    /// Closes the menu and gives the focus back to the row that had it, at once: from GTK
    /// 4.10 on, closing leaves the focus on the table (and the model then has no focused row),
    /// which the next key (Down, an action's own focus move) would start from.
    private func close() {
        let returnTo = focusToReturn
        gtk_popover_popdown(popover())
        controller.takeFocusBack(for: returnTo)
    }

    var isOpen: Bool { row != nil }

    /// The titles the open menu's items display, top to bottom, as GTK has them.
    var itemTitles: [String] {
        var titles: [String] = []
        var item = gtk_widget_get_first_child(list.widget)
        while let button = item {
            item = gtk_widget_get_next_sibling(button)
            // Each item is a button holding a line of an icon and a title label.
            guard let line = gtk_button_get_child(GObjectRef(button)()), let label = gtk_widget_get_last_child(line) else { continue }
            titles.append(String(cString: gtk_label_get_text(GObjectRef(label)())))
        }
        return titles
    }

    /// Opens the menu for row `id` at (`x`, `y`) in the cell's coordinates.
    func show(for id: RowID, in cell: RowCell, x: Double, y: Double) {
        while let child = gtk_widget_get_first_child(list.widget) { gtk_box_remove(list(), child) }
        var entries: [(SwipeEdge, Int, SwipeAction)] = []
        for edge in [SwipeEdge.leading, .trailing] {
            guard let configuration = try? controller.model.swipeConfiguration(for: id, edge: edge) else { continue }
            entries += configuration.actions.enumerated().map { (edge, $0.offset, $0.element) }
        }
        guard !entries.isEmpty else {
            // A row that could not be read has no actions: say why rather than show nothing.
            if let failure = controller.model.readFailure(of: id) { controller.report(.unreadableRow(id, failure)) }
            return
        }
        // Destructive actions go last, as GNOME menus put them.
        let ordered = entries.filter { $0.2.style != .destructive } + entries.filter { $0.2.style == .destructive }
        for (edge, index, action) in ordered {
            list.append(menuItem(action, row: id, edge: edge, index: index))
        }
        row = id
        focusToReturn = controller.model.focusedRow
        var point = graphene_point_t(x: Float(x), y: Float(y))
        var inTable = graphene_point_t()
        _ = gtk_widget_compute_point(cell.widget.widget, controller.view.widget.widget, &point, &inTable)
        var target = GdkRectangle(x: Int32(inTable.x), y: Int32(inTable.y), width: 1, height: 1)
        gtk_popover_set_pointing_to(popover(), &target)
        gtk_popover_popup(popover())
        if let first = gtk_widget_get_first_child(list.widget) { gtk_widget_grab_focus(first) }
    }

    private func menuItem(_ action: SwipeAction, row id: RowID, edge: SwipeEdge, index: Int) -> GObjectRef {
        let button = GObjectRef(gtk_button_new()!)
        button.addCSSClass("flat")
        let line = GObjectRef(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!)
        line.append(GObjectRef(cgtk_presentation_image_new(action.iconName)!))
        let title = GObjectRef(gtk_label_new(action.title)!)
        gtk_label_set_xalign(title(), 0)
        line.append(title)
        gtk_button_set_child(button(), line.widget)
        // Red text on the menu's own background: libadwaita's destructive-action class paints
        // white text for a red button, which a flat menu item turns into white on white.
        if action.style == .destructive { button.addCSSClass("destructive-item") }
        button.setAccessibleLabel(action.title)
        button.on("clicked") { [weak self] in
            guard let self else { return }
            self.close()
            self.controller.handle(.performAction(id, edge: edge, index: index))
        }
        return button
    }

    /// Positions the open popover; its parent must call this from its size-allocate.
    func present() {
        if popover.isVisible { gtk_popover_present(popover()) }
    }
}
