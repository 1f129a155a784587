import CGtk
import GtkBridge
import TableModel

/// Selection mode (E3): a click on a row in the mode, or Ctrl+click anywhere, selects or
/// deselects it; Shift+click selects the rows from the last one clicked; Ctrl+A selects every
/// row, Space the focused one; Escape leaves the mode; Delete deletes the selection. Batch
/// actions run on the selection. Swipes are off in the mode (the model ignores them).
extension TableController {
    /// A primary press on a row that selects (in selection mode, or with Ctrl or Shift) is
    /// claimed in the capture phase, so the row's text view neither takes the caret nor
    /// selects, its buttons do not click and no swipe starts; the click selects on release.
    /// A press that moves away (a drag) is no click and selects nothing.
    func attachSelectionClick(to cell: RowCell) {
        let click = GObjectRef(gtk_gesture_click_new()!)
        gtk_gesture_single_set_button(click(), UInt32(GDK_BUTTON_PRIMARY))
        gtk_event_controller_set_propagation_phase(click(), GTK_PHASE_CAPTURE)
        let modifiers = { () -> (control: Bool, shift: Bool) in
            let state = gtk_event_controller_get_current_event_state(click()).rawValue
            return (state & GDK_CONTROL_MASK.rawValue != 0, state & GDK_SHIFT_MASK.rawValue != 0)
        }
        let press = PressPoint()
        click.onPress("pressed") { [weak self, weak cell] _, x, y in
            guard let self, let cell, self.liveRow(of: cell) != nil else { return }
            press.point = (x, y)
            let (control, shift) = modifiers()
            guard control || shift || self.model.isSelecting else { return }
            gtk_gesture_set_state(click(), GTK_EVENT_SEQUENCE_CLAIMED)
        }
        click.onPress("released") { [weak self, weak cell] _, x, y in
            guard let self, let cell, let id = self.liveRow(of: cell), let start = press.point else { return }
            press.point = nil
            let (control, shift) = modifiers()
            guard control || shift || self.model.isSelecting else { return }
            // A press that moved away is a drag, not a click.
            guard abs(x - start.x) <= Self.clickSlop && abs(y - start.y) <= Self.clickSlop else { return }
            if shift {
                self.perform { () throws(TableError) in try self.model.extendSelection(to: id) }
            } else {
                self.perform { () throws(TableError) in try self.model.toggleSelection(id) }
            }
            gtk_widget_grab_focus(cell.widget.widget)
        }
        gtk_widget_add_controller(cell.widget.widget, click())
    }

    /// How far, in px, a press may move and still be a click that selects.
    static let clickSlop = 8.0

    /// Where the current press on a row began (one per row's click gesture).
    final class PressPoint {
        var point: (x: Double, y: Double)?
    }

    /// Ctrl+A and Space (bubble phase: a focused text view keeps Ctrl+A for its own text),
    /// and Delete in selection mode.
    func attachSelectionKeys() {
        let keys = GObjectRef(gtk_event_controller_key_new()!)
        keys.onKey("key-pressed") { [weak self] keyval, _, state in
            guard let self else { return false }
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            switch (Int32(keyval), modifiers) {
            case (GDK_KEY_a, GDK_CONTROL_MASK.rawValue), (GDK_KEY_A, GDK_CONTROL_MASK.rawValue):
                self.selectAll()
                return true
            case (GDK_KEY_space, 0) where self.model.isSelecting:
                guard let id = self.rowWithFocus() else { return false }
                self.perform { () throws(TableError) in try self.model.toggleSelection(id) }
                return true
            case (GDK_KEY_Delete, 0) where self.model.isSelecting && self.model.editingRow == nil:
                self.performBatch(.delete)
                return true
            default:
                return false
            }
        }
        gtk_widget_add_controller(view.widget.widget, keys())
    }

    /// What a batch action button asks for.
    enum BatchAction {
        case delete
        case mark(BatchMark, on: Bool)
    }

    func enterSelectionMode() {
        if model.editingRow != nil { endEditing() }
        apply(model.enterSelectionMode())
    }

    /// Leaves selection mode. Returns whether it was on (Escape is used up then).
    @discardableResult
    func leaveSelectionMode() -> Bool {
        guard model.isSelecting else { return false }
        apply(model.leaveSelectionMode())
        return true
    }

    func selectAll() {
        if model.editingRow != nil { endEditing() }
        apply(model.selectAll())
    }

    /// Runs a batch action on the selection: one model step, one undo step, one toast.
    func performBatch(_ action: BatchAction) {
        switch action {
        case .delete:
            apply(model.deleteSelection())
            gtk_widget_grab_focus(view.widget.widget)
        case .mark(let mark, let on):
            view.captureForAnimation()
            perform { () throws(TableError) in try model.setMark(mark, to: on) }
        }
    }

    /// Takes in the selection side of an update: shown rows show their check boxes and
    /// selected state again, cells of rows removed in bulk let go of their animations, and
    /// the window's chrome follows the selection.
    ///
    /// - Complexity: O(shown rows).
    func recordSelection(_ update: TableUpdate) {
        if update.layout.removedInBulk > 0 {
            for id in view.cells.keys where isLive(id) == nil {
                animator.forget(id)
                view.presentation.forget(id)
                if view.cell(for: id)?.holdsKeyboardFocus == true { gtk_widget_grab_focus(view.widget.widget) }
            }
        }
        guard update.selectionChanged else { return }
        for (id, cell) in view.cells where isLive(id) != nil {
            cell.showSelection(of: id, in: model)
        }
        onSelectionChanged?()
    }
}
