import CGtk
import GtkBridge

/// Times each key press from its arrival (a capture-phase key controller on the window, so
/// before any widget handles it) to the end of the next painted frame, and counts the rows
/// measured in between, by the program's model and by GTK (row widgets' measure calls).
@MainActor
final class KeyLatencyRecorder {
    /// Key presses seen so far.
    private(set) var presses = 0
    /// Per timed key press: ms to the end of the next frame, and rows measured meanwhile.
    private(set) var latencies: [Double] = []
    private(set) var remeasuredRows: [Double] = []
    private(set) var widgetRemeasuredRows: [Double] = []
    private var pending: (time: Int, measured: Int, widgetMeasured: Int)?
    private let measuredRowCount: () -> Int
    private let widgetMeasuredRowCount: () -> Int

    init(window: GObjectRef, measuredRowCount: @escaping () -> Int, widgetMeasuredRowCount: @escaping () -> Int) {
        self.measuredRowCount = measuredRowCount
        self.widgetMeasuredRowCount = widgetMeasuredRowCount
        let keys = GObjectRef(gtk_event_controller_key_new()!)
        gtk_event_controller_set_propagation_phase(keys(), GTK_PHASE_CAPTURE)
        keys.onKey("key-pressed") { [weak self] _, _, _ in
            self?.keyPressed()
            return false
        }
        gtk_widget_add_controller(window.widget, keys())
    }

    /// True while a press is waiting for its frame.
    var isWaiting: Bool { pending != nil }

    private func keyPressed() {
        presses += 1
        // A press arriving before the previous one's frame is counted but not timed alone.
        if pending == nil { pending = (g_get_monotonic_time(), measuredRowCount(), widgetMeasuredRowCount()) }
    }

    /// A frame ended: completes the pending press, if any.
    func frameEnded(at end: Int) {
        guard let press = pending else { return }
        pending = nil
        latencies.append(Double(end - press.time) / 1000)
        remeasuredRows.append(Double(measuredRowCount() - press.measured))
        widgetRemeasuredRows.append(Double(widgetMeasuredRowCount() - press.widgetMeasured))
    }
}
