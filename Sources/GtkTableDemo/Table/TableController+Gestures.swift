import CGtk
import GtkBridge
import TableModel

/// Pointer input on rows: sideways drags reveal swipe actions (S2, S3), a press anywhere closes
/// open actions (S5), and a secondary click opens the row's context menu (S7).
extension TableController {
    func attachGestures(to cell: RowCell) {
        attachSwipeDrag(to: cell)
        attachContextMenuClick(to: cell)
        attachSelectionClick(to: cell)
        cell.leftStrip.onActivate = { [weak self, weak cell] index in
            guard let self, let cell, let id = self.liveRow(of: cell) else { return }
            self.handle(.performAction(id, edge: self.edge(of: .left), index: index))
        }
        cell.rightStrip.onActivate = { [weak self, weak cell] index in
            guard let self, let cell, let id = self.liveRow(of: cell) else { return }
            self.handle(.performAction(id, edge: self.edge(of: .right), index: index))
        }
    }

    /// The swipe edge shown on a side of the row: leading is the left unless right to left (S8).
    func edge(of side: ActionStrip.Side) -> SwipeEdge {
        let leftIsLeading = model.layoutDirection == .leftToRight
        return (side == .left) == leftIsLeading ? .leading : .trailing
    }

    /// Every primary press starts a drag. A press that closes open actions (anywhere but on a
    /// revealed action) is used up by closing them and does nothing else (S5, S9). Otherwise
    /// the drag decides after the slop: sideways claims the pointer (so the text view does not
    /// select and buttons do not click) and undoes any editing the press began, since a swipe
    /// never starts editing (S9); up or down is let go (S2).
    private func attachSwipeDrag(to cell: RowCell) {
        let drag = GObjectRef(gtk_gesture_drag_new()!)
        gtk_event_controller_set_propagation_phase(drag(), GTK_PHASE_CAPTURE)
        drag.onPoint("drag-begin") { [weak self, weak cell] x, _ in
            guard let self, let cell else { return }
            let offset = cell.swipeOffset
            let width = Double(gtk_widget_get_width(cell.widget.widget))
            let onRevealedAction = (offset > 0 && x < offset) || (offset < 0 && x > width + offset)
            if onRevealedAction { return }
            if self.model.isAnyRowOpen {
                // The press is used up closing the open row: it clicks nothing (S9), but it
                // may still go on to swipe this row open (S5).
                self.apply(self.model.tap().update)
                gtk_gesture_set_state(drag(), GTK_EVENT_SEQUENCE_CLAIMED)
                if offset != 0 { return }
            }
            guard let id = self.liveRow(of: cell) else { return }  // a row deleted a moment ago
            self.editingBeforeSwipe = self.model.editingRow
            self.perform { () throws(TableError) in try self.model.beginSwipeDrag(on: id, time: self.clock()) }
        }
        drag.onPoint("drag-update") { [weak self, weak cell] dx, dy in
            guard let self else { return }
            let update = self.model.updateSwipeDrag(dx: dx, dy: dy, time: self.clock())
            if update.swipe.claimedGesture {
                gtk_gesture_set_state(drag(), GTK_EVENT_SEQUENCE_CLAIMED)
                if let cell, let id = cell.boundID, self.model.editingRow == id, self.editingBeforeSwipe != id {
                    self.model.endEditing()
                    gtk_widget_grab_focus(cell.widget.widget)
                }
            } else if update.swipe.abandonedGesture {
                gtk_gesture_set_state(drag(), GTK_EVENT_SEQUENCE_DENIED)
            }
            self.apply(update)
        }
        drag.onPoint("drag-end") { [weak self] _, _ in
            guard let self else { return }
            self.apply(self.model.endSwipeDrag(time: self.clock()))
        }
        drag.onIgnoringArgument("cancel") { [weak self] in
            guard let self else { return }
            self.apply(self.model.cancelSwipeDrag())
        }
        gtk_widget_add_controller(cell.widget.widget, drag())
    }

    /// A secondary click opens the row's context menu (S7). The press is claimed, so the text
    /// view offers no menu of its own; the menu opens on the release, so that the release does
    /// not land in a popover that appeared under the pointer (GTK then warns "Broken accounting
    /// of active state" for the popover, which never saw the press).
    private func attachContextMenuClick(to cell: RowCell) {
        let click = GObjectRef(gtk_gesture_click_new()!)
        gtk_gesture_single_set_button(click(), UInt32(GDK_BUTTON_SECONDARY))
        gtk_event_controller_set_propagation_phase(click(), GTK_PHASE_CAPTURE)
        click.onPress("pressed") { _, _, _ in
            gtk_gesture_set_state(click(), GTK_EVENT_SEQUENCE_CLAIMED)
        }
        click.onPress("released") { [weak self, weak cell] _, x, y in
            guard let self, let cell, let id = self.liveRow(of: cell) else { return }
            self.contextMenu.show(for: id, in: cell, x: x, y: y)
        }
        gtk_widget_add_controller(cell.widget.widget, click())
    }

    /// A press on the table outside any row closes open actions too. A press on a row is the
    /// row's own swipe drag's to judge (it bubbles up here as well): closing on it here would
    /// close the row under a press on a revealed action, whose button then never clicks when
    /// the release comes after the close (a press held a moment, or a loaded machine).
    func attachTableClicks() {
        let click = GObjectRef(gtk_gesture_click_new()!)
        click.onPress("pressed") { [weak self] _, _, y in
            guard let self, self.model.isAnyRowOpen, self.view.row(atY: y) == nil else { return }
            let (_, update) = self.model.tap()
            self.apply(update)
        }
        gtk_widget_add_controller(view.widget.widget, click())
    }
}
