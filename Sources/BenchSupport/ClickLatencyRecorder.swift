import CGtk
import GtkBridge

/// Times a click from the moment the display server took the press to the end of the first
/// painted frame after which `shown()` holds (for a note: its text view has the focus and the
/// caret), as ``KeyLatencyRecorder`` times keys: from the press event's own timestamp, so time
/// it waited in the queue counts.
///
/// A capture-phase click gesture on the window sees the press before any widget; it never
/// claims it, so the widgets under the pointer handle it as usual.
@MainActor
final class ClickLatencyRecorder {
    /// Ms from the press to the end of the frame that showed what it asked for; nil until then.
    private(set) var latency: Double?
    private var pressTime: Int?
    private let shown: () -> Bool
    private let click: GObjectRef

    init(window: GObjectRef, shown: @escaping () -> Bool) {
        self.shown = shown
        click = GObjectRef(gtk_gesture_click_new()!)
        gtk_event_controller_set_propagation_phase(click(), GTK_PHASE_CAPTURE)
        click.onPress("pressed") { [weak self] count, _, _ in
            guard let self, count == 1, self.pressTime == nil else { return }
            self.pressTime = KeyLatencyRecorder.pressTime(eventTime: gtk_event_controller_get_current_event_time(self.click())).time
        }
        gtk_widget_add_controller(window.widget, click())
    }

    /// A frame ended at `end` (µs, `g_get_monotonic_time`): completes the timing if the press
    /// came and what it asked for is now shown.
    func frameEnded(at end: Int) {
        guard latency == nil, let press = pressTime, shown() else { return }
        latency = Double(end - press) / 1000
    }
}
