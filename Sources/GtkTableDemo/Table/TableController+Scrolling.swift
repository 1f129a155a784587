import CGtk
import GtkBridge
import TableModel

/// Wheel, touchpad and kinetic scrolling (W2). The table's scroll controller runs in the
/// capture phase, so it sees every scroll over the table first: vertical deltas move the
/// model's scroll position, horizontal touchpad ones go to the swipe state machine for the row
/// under the pointer (S2). Nested scrollers (a collapsed note's text) never take the wheel.
extension TableController {
    func attachScrolling() {
        let flags = GtkEventControllerScrollFlags(
            GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue)
        let scroll = GObjectRef(gtk_event_controller_scroll_new(flags)!)
        gtk_event_controller_set_propagation_phase(scroll(), GTK_PHASE_CAPTURE)
        scroll.on("scroll-begin") { [weak self] in self?.kinetic.stop() }
        scroll.onPointFilter("scroll") { [weak self] dx, dy in
            guard let self else { return false }
            let unit = gtk_event_controller_scroll_get_unit(scroll())
            // Only a touchpad's smooth scroll may swipe, as in AdwSwipeTracker: a wheel notch,
            // horizontal or Shift+wheel, would open a row fully with nothing to snap back from.
            let source = gtk_event_controller_get_current_event_device(scroll()).map(gdk_device_get_source)
            let canSwipe = source == GDK_SOURCE_TOUCHPAD && unit == GDK_SCROLL_UNIT_SURFACE
            self.scrolled(dx: dx, dy: dy, isWheel: unit == GDK_SCROLL_UNIT_WHEEL, canSwipe: canSwipe)
            return true
        }
        scroll.on("scroll-end") { [weak self] in
            guard let self else { return }
            self.apply(self.model.endSwipeScroll(time: self.clock()))
        }
        scroll.onPoint("decelerate") { [weak self] _, velocityY in
            guard let self, !self.model.isAnyRowOpen else { return }
            self.kinetic.start(velocity: velocityY)
        }
        gtk_widget_add_controller(view.widget.widget, scroll())

        let motion = GObjectRef(gtk_event_controller_motion_new()!)
        motion.onPoint("motion") { [weak self] _, y in self?.pointerY = y }
        motion.on("leave") { [weak self] in self?.pointerY = nil }
        gtk_widget_add_controller(view.widget.widget, motion())
    }

    private func scrolled(dx: Double, dy: Double, isWheel: Bool, canSwipe: Bool) {
        kinetic.stop()
        if abs(dx) > abs(dy) {
            if canSwipe { scrolledSideways(dx, dy: dy) }
        } else if dy != 0 {
            let step = isWheel ? pow(model.layout.viewportHeight, 2.0 / 3.0) : 1
            scrollBy(dy * step)
        }
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
