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
            if source == GDK_SOURCE_TOUCHPAD && unit == GDK_SCROLL_UNIT_SURFACE {
                for part in self.scrollParts(dx: dx, dy: dy, of: scroll()) {
                    self.scrolledSideways(part.dx, dy: part.dy, time: part.time)
                }
            }
            return true
        }
        scroll.on("scroll-end") { [weak self] in
            guard let self else { return }
            self.apply(self.model.endSwipeScroll(time: self.swipeEventTime(scroll())))
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
    private func scrolledSideways(_ dx: Double, dy: Double, time: Double) {
        guard let y = pointerY, let id = view.row(atY: y) else { return }
        perform { () throws(TableError) in try model.swipeScroll(on: id, dx: -dx, dy: dy, time: time) }
        if let timer = horizontalScrollTimer { MainLoopSource.remove(timer) }
        let idleMilliseconds = UInt32(SwipeTuning.scrollIdleInterval * 1000) + 10
        horizontalScrollTimer = MainLoopSource.timeout(milliseconds: idleMilliseconds) { [weak self] in
            guard let self else { return false }
            self.horizontalScrollTimer = nil
            self.apply(self.model.endSwipeScrollIfIdle(now: self.swipeTimeline.seconds(at: self.clock())))
            return false
        }
    }

    /// The scrolls that make up the event `controller` is handling, in the order the device
    /// sent them, each at its own time: GDK merges the scrolls queued within one frame into one
    /// event and keeps them as its history, so a busy frame would otherwise turn a quick
    /// swipe into a single step with no speed. One part, the event itself, when nothing was
    /// merged. The parts' deltas add up to the event's (GDK's scroll compression sums them).
    ///
    /// - Complexity: O(k) for k merged scrolls.
    private func scrollParts(dx: Double, dy: Double, of controller: OpaquePointer) -> [(dx: Double, dy: Double, time: Double)] {
        var count: guint = 0
        guard let event = gtk_event_controller_get_current_event(controller),
              let history = gdk_event_get_history(event, &count), count > 0 else {
            return [(dx, dy, swipeEventTime(controller))]
        }
        defer { g_free(history) }
        let now = clock()
        return (0..<Int(count)).map { index in
            var coord = history[index]
            let axes = withUnsafeBytes(of: &coord.axes) { Array($0.bindMemory(to: Double.self)) }
            let time = swipeTimeline.seconds(stamp: coord.time, handledAt: now)
            return (axes[Int(GDK_AXIS_DELTA_X.rawValue)], axes[Int(GDK_AXIS_DELTA_Y.rawValue)], time)
        }
    }

    /// The time of the scroll event `controller` is handling, on the swipe timeline: the
    /// fingers' lift is then timed when it happened, so a busy frame before it is not read as
    /// a slow release. Mouse drags keep the handling clock (`clock`) for now: a burst of
    /// motions sent at once, as test tools send them, is stamped a millisecond apart and would
    /// read as a fling of thousands of px/s (seen in CI); stamps there need an estimator that
    /// is robust to bursts first.
    func swipeEventTime(_ controller: OpaquePointer) -> Double {
        swipeTimeline.seconds(stamp: gtk_event_controller_get_current_event_time(controller), handledAt: clock())
    }
}
