import CGtk
import GtkBridge
import TableModel

/// Sideways scrolls (S2). The table's scroll controller runs in the capture phase, so it sees
/// every scroll over the table before the scrolled window around it: a horizontal touchpad
/// scroll goes to the swipe state machine for the row under the pointer, other horizontal
/// scrolls are dropped (a wheel never swipes), and vertical ones go on to the scrolled window,
/// which scrolls with GTK's step, kinetic glide and overshoot. A collapsed note's inner
/// scroller takes no scrolls (`TableView.makeCell`), so it never steals the wheel (G4).
extension TableController {
    func attachScrolling() {
        let scroll = GObjectRef(gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!)
        gtk_event_controller_set_propagation_phase(scroll(), GTK_PHASE_CAPTURE)
        scroll.onPointFilter("scroll") { [weak self] dx, dy in
            guard let self, abs(dx) > abs(dy) else { return false }
            let unit = gtk_event_controller_scroll_get_unit(scroll())
            // Only a touchpad's smooth scroll may swipe, as in AdwSwipeTracker: a wheel notch,
            // horizontal or Shift+wheel, would open a row fully with nothing to snap back from.
            let source = gtk_event_controller_get_current_event_device(scroll()).map(gdk_device_get_source)
            if source == GDK_SOURCE_TOUCHPAD && unit == GDK_SCROLL_UNIT_SURFACE { self.scrolledSideways(dx, dy: dy) }
            return true
        }
        scroll.on("scroll-end") { [weak self] in
            guard let self else { return }
            self.apply(self.model.endSwipeScroll(time: self.clock()))
        }
        gtk_widget_add_controller(view.widget.widget, scroll())

        let motion = GObjectRef(gtk_event_controller_motion_new()!)
        motion.onPoint("motion") { [weak self] _, y in self?.pointerY = y }
        motion.on("leave") { [weak self] in self?.pointerY = nil }
        gtk_widget_add_controller(view.widget.widget, motion())
    }

    /// A horizontal scroll reveals the actions of the row under the pointer; the content
    /// follows the fingers, so scrolling right moves it left. A scroll that never reports an
    /// end (no axis stop) is ended by a short timer when it stops.
    private func scrolledSideways(_ dx: Double, dy: Double) {
        guard let y = pointerY, let id = view.row(atY: y) else { return }
        perform { () throws(TableError) in try model.swipeScroll(on: id, dx: -dx, dy: dy, time: clock()) }
        if let timer = horizontalScrollTimer { MainLoopSource.remove(timer) }
        let idleMilliseconds = UInt32(SwipeTuning.scrollIdleInterval * 1000) + 10
        horizontalScrollTimer = MainLoopSource.timeout(milliseconds: idleMilliseconds) { [weak self] in
            guard let self else { return false }
            self.horizontalScrollTimer = nil
            self.apply(self.model.endSwipeScrollIfIdle())
            return false
        }
    }
}
