import CGtk
import GtkBridge
import TableModel

/// The keyboard (W4, N6, S7): Up and Down move focus between rows, Enter expands a note or
/// toggles a toggle row, Page Up/Down and Home/End scroll, Escape ends editing and closes
/// open actions, and the Menu key or Shift+F10 opens the focused row's actions.
extension TableController {
    func attachKeyboard() {
        // Capture phase: Escape and the menu keys must win over a focused text view,
        // which has its own meaning for both.
        let early = GObjectRef(gtk_event_controller_key_new()!)
        gtk_event_controller_set_propagation_phase(early(), GTK_PHASE_CAPTURE)
        early.onKey("key-pressed") { [weak self] keyval, _, state in
            self?.handleEarlyKey(keyval, shift: state.rawValue & GDK_SHIFT_MASK.rawValue != 0) ?? false
        }
        gtk_widget_add_controller(view.widget.widget, early())

        let navigation = GObjectRef(gtk_event_controller_key_new()!)
        navigation.onKey("key-pressed") { [weak self] keyval, _, state in
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            guard modifiers == 0 else { return false }
            return self?.handleNavigationKey(keyval) ?? false
        }
        gtk_widget_add_controller(view.widget.widget, navigation())
    }

    private func handleEarlyKey(_ keyval: UInt32, shift: Bool) -> Bool {
        switch Int32(keyval) {
        case GDK_KEY_Escape:
            return endEditing() || leaveSelectionMode()
        case GDK_KEY_Menu:
            return showContextMenuForFocusedRow()
        case GDK_KEY_F10 where shift:
            return showContextMenuForFocusedRow()
        default:
            return false
        }
    }

    private func showContextMenuForFocusedRow() -> Bool {
        guard let id = rowWithFocus(), let cell = view.cell(for: id) else { return false }
        // At the row's middle, so the menu opens over the row, centred under that point.
        contextMenu.show(
            for: id, in: cell, x: Double(gtk_widget_get_width(cell.widget.widget)) / 2,
            y: Double(gtk_widget_get_height(cell.widget.widget)) / 2)
        return true
    }

    private func handleNavigationKey(_ keyval: UInt32) -> Bool {
        let geometry = model.geometry
        switch Int32(keyval) {
        case GDK_KEY_Up, GDK_KEY_Down:
            let step = keyval == UInt32(GDK_KEY_Up) ? -1 : 1
            // A row still waiting for its cell counts as focused, so fast key repeats all count.
            let current = (view.pendingFocus ?? model.focusedRow).flatMap { geometry.index(of: $0) }
            let target = current.map { $0 + step } ?? topVisibleIndex()
            guard target >= 0, target < geometry.count else { return true }
            focus(geometry.id(at: target))
            return true
        case GDK_KEY_Return, GDK_KEY_KP_Enter:
            guard let id = rowWithFocus(), let kind = geometry.kind(of: id) else { return false }
            switch kind {
            case .note:
                // A note whose text fits has nothing to expand or collapse: it has no button either.
                guard (try? model.noteLayout(for: id))?.canExpand == true else {
                    gtk_widget_error_bell(view.widget.widget)
                    return true
                }
                handle(.toggleExpanded(id))
            case .toggle: handle(.toggleOpen(id))
            default: return false
            }
            return true
        case GDK_KEY_Page_Up: movingFocus { scrollBy(-geometry.viewportHeight * 0.9) }
        case GDK_KEY_Page_Down: movingFocus { scrollBy(geometry.viewportHeight * 0.9) }
        case GDK_KEY_Home:
            scroll(to: 0)
            if model.focusedRow != nil, geometry.count > 0 { focus(geometry.id(at: 0)) }
        case GDK_KEY_End:
            scrollToEnd()
            if model.focusedRow != nil, geometry.count > 0 { focus(geometry.id(at: geometry.count - 1)) }
        default: return false
        }
        return true
    }

    /// Scrolls with `scroll`, and moves the focus (if a row has it) to the row now at the
    /// same place on screen, as list views page their cursor (N10).
    private func movingFocus(_ scroll: () -> Void) {
        let geometry = model.geometry
        guard let focused = model.focusedRow, let top = geometry.offset(of: focused) else { return scroll() }
        let onScreen = top - geometry.scrollOffset
        scroll()
        let y = min(max(0, geometry.scrollOffset + onScreen), max(0, geometry.contentHeight - 1))
        if let target = geometry.row(atOffset: y)?.id { focus(target) }
    }

    /// Ends text editing (Done, Escape): the caret's row keeps keyboard focus, and open
    /// actions close. Returns whether there was anything to end.
    @discardableResult
    func endEditing() -> Bool {
        let editing = model.editingRow
        let (consumed, update) = model.escape()
        apply(update)
        // Ending the edit moves nothing (N8): the row takes the focus where it is.
        if let editing { focusInPlace(editing) }
        return consumed
    }

    /// Gives row `id`'s cell the keyboard focus without scrolling.
    func focusInPlace(_ id: RowID) {
        guard !isClosed else { return }
        if let cell = view.cell(for: id) {
            gtk_widget_grab_focus(cell.widget.widget)
        } else {
            view.focusAfterLayout(id)
        }
    }

    /// GTK moved the keyboard focus (a click, Tab, or the table's own moves). Into a row: that
    /// row is the focused one. Onto the table itself: no row is. Elsewhere (the header bar, a
    /// menu): the focused row stays, to be given the focus back.
    func focusMoved() {
        guard !isClosed, let root = gtk_widget_get_root(view.widget.widget), let focus = gtk_root_get_focus(root) else { return }
        let row = rowWithFocus()
        guard row != nil || focus == view.widget.widget, row != model.focusedRow else { return }
        do {
            try model.setFocusedRow(row)
        } catch {
            report(error)
        }
        onUpdate?()
    }

    /// Puts the focus back on the focused row after something that held it (the context
    /// menu) has gone.
    func restoreRowFocus() {
        guard let id = model.focusedRow else { return }
        focusInPlace(id)
    }

    /// Gives row `id` the focus back if GTK left it on the table itself (as GTK 4.10 and later
    /// do when a focused popover closes) and the row still exists; otherwise does nothing.
    func takeFocusBack(for id: RowID?) {
        guard !isClosed, let id = id.flatMap(isLive), let root = gtk_widget_get_root(view.widget.widget),
              gtk_root_get_focus(root) == view.widget.widget else { return }
        focusInPlace(id)
    }

    /// The row whose cell holds keyboard focus (itself or a widget inside it), unless the model
    /// deleted it a moment ago (see `liveRow(of:)`).
    func rowWithFocus() -> RowID? {
        view.cells.first { _, cell in cell.holdsKeyboardFocus }.flatMap { isLive($0.key) }
    }

    private func topVisibleIndex() -> Int {
        model.geometry.anchor.flatMap { model.geometry.index(of: $0.id) } ?? 0
    }

    /// Scrolls row `id` into view and gives its cell keyboard focus once it is placed.
    func focus(_ id: RowID) {
        view.scrollToReveal(id)
        view.focusAfterLayout(id)
    }
}
