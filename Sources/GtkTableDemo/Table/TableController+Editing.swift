import CGtk
import GtkBridge
import TableModel

/// Creating and moving rows (E1, E2) from the keyboard and the header bar: a new note goes
/// after the focused row, slides in, is scrolled into view and gets the caret; Alt+Up and
/// Alt+Down move the focused row by one place, and it keeps the focus.
extension TableController {
    /// Alt+Up and Alt+Down, in the capture phase, so they also move a row whose note is
    /// being edited (a text view would otherwise take the arrows); Escape cancels a row drag.
    func attachRowMoveKeys() {
        let keys = GObjectRef(gtk_event_controller_key_new()!)
        gtk_event_controller_set_propagation_phase(keys(), GTK_PHASE_CAPTURE)
        keys.onKey("key-pressed") { [weak self] keyval, _, state in
            if keyval == UInt32(GDK_KEY_Escape), let self, self.view.rowDrag.isDragging {
                self.cancelRowDrag()
                return true
            }
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            guard modifiers == GDK_ALT_MASK.rawValue, let self else { return false }
            switch Int32(keyval) {
            case GDK_KEY_Up, GDK_KEY_KP_Up: return self.moveFocusedRow(.up)
            case GDK_KEY_Down, GDK_KEY_KP_Down: return self.moveFocusedRow(.down)
            default: return false
            }
        }
        gtk_widget_add_controller(view.widget.widget, keys())
    }

    /// Inserts an empty note after the focused row (or at the top of the first section), lets
    /// the rows below slide down to make room, scrolls it into view and puts the caret in it.
    func createNote() {
        let after = (view.pendingFocus ?? model.focusedRow).flatMap(isLive)
        var created: RowID?
        performAnimated { () throws(TableError) in
            let (id, update) = try model.createNote(after: after)
            created = id
            return update
        }
        guard let created else { return }
        view.scrollToReveal(created)
        view.focusAfterLayout(created, editingText: true)
    }

    /// Moves the focused row one place up or down; it keeps the focus and stays in view. A
    /// row that cannot go (a header, or a section's first pinned row going up) rings the bell.
    /// Returns whether a row had the focus.
    @discardableResult
    func moveFocusedRow(_ step: Table.MoveStep) -> Bool {
        guard let id = (view.pendingFocus ?? model.focusedRow).flatMap(isLive) else { return false }
        guard model.geometry.kind(of: id) != .header else {
            gtk_widget_error_bell(view.widget.widget)
            return true
        }
        // The row slides past its neighbour, as any one-step change does.
        do {
            view.captureForAnimation()
            guard let update = try model.moveRow(id, step) else {
                view.presentation.dropCapture()
                gtk_widget_error_bell(view.widget.widget)
                return true
            }
            apply(update)
            view.scrollToReveal(id)
            if let place = model.place(of: id), let cell = view.cell(for: id) { moveAnnouncer.announce(step, to: place, in: cell) }
        } catch {
            view.presentation.dropCapture()
            report(error)
        }
        return true
    }
}
