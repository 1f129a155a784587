import CGtk
import GtkBridge

/// Times each key press from the moment the display server took it to the end of the next
/// painted frame, and counts the rows measured in between, by the program's model and by GTK
/// (row widgets' measure calls).
///
/// A capture-phase key controller on the window sees the press before any widget handles it.
/// If the main loop was busy (a save, a long frame), the press waited in the queue before
/// that: the event's own timestamp (the X server's, CLOCK_MONOTONIC in ms, as
/// `g_get_monotonic_time`'s clock) gives how long, so the wait is counted in the latency. When
/// the timestamp does not look like that clock (a wait outside 0…`plausibleWaitMs`), the
/// press is timed from when the controller saw it, and `unclockedPresses` counts it.
@MainActor
final class KeyLatencyRecorder {
    /// Key presses seen so far.
    private(set) var presses = 0
    /// Per timed key press: ms to the end of the next frame, and rows measured meanwhile.
    private(set) var latencies: [Double] = []
    /// Per timed key press: its keyval.
    private(set) var timedKeyvals: [UInt32] = []
    private(set) var remeasuredRows: [Double] = []
    private(set) var widgetRemeasuredRows: [Double] = []
    /// Per timed key press: ms the press waited in the queue before the controller saw it.
    private(set) var queueWaits: [Double] = []
    /// Presses whose event timestamp was not usable.
    private(set) var unclockedPresses = 0
    /// The longest queue wait believed; longer ones mean the timestamp is on another clock.
    static let plausibleWaitMs: Int64 = 60_000
    private var pending: (time: Int, measured: Int, widgetMeasured: Int)?
    private let measuredRowCount: () -> Int
    private let widgetMeasuredRowCount: () -> Int

    init(window: GObjectRef, measuredRowCount: @escaping () -> Int, widgetMeasuredRowCount: @escaping () -> Int) {
        self.measuredRowCount = measuredRowCount
        self.widgetMeasuredRowCount = widgetMeasuredRowCount
        let keys = GObjectRef(gtk_event_controller_key_new()!)
        gtk_event_controller_set_propagation_phase(keys(), GTK_PHASE_CAPTURE)
        keys.onKey("key-pressed") { [weak self] keyval, _, _ in
            self?.keyPressed(keyval, eventTime: gtk_event_controller_get_current_event_time(keys()))
            return false
        }
        gtk_widget_add_controller(window.widget, keys())
    }

    /// True while a press is waiting for its frame.
    var isWaiting: Bool { pending != nil }

    /// - Parameter eventTime: the press's timestamp in ms (32 bits, wrapping), 0 if none.
    private func keyPressed(_ keyval: UInt32, eventTime: UInt32) {
        // A modifier's own press (the Ctrl of Ctrl+N) is not a key the program acts on.
        guard !Self.isModifier(keyval) else { return }
        presses += 1
        // A press arriving before the previous one's frame is counted but not timed alone.
        guard pending == nil else { return }
        let press = Self.pressTime(eventTime: eventTime)
        if let waitMs = press.waitMs {
            queueWaits.append(Double(waitMs))
        } else {
            unclockedPresses += 1
            queueWaits.append(0)
        }
        pending = (press.time, measuredRowCount(), widgetMeasuredRowCount())
        timedKeyvals.append(keyval)
    }

    /// Whether `keyval` is a modifier key (Shift, Control, Alt, Super… left or right, Caps Lock).
    static func isModifier(_ keyval: UInt32) -> Bool {
        (UInt32(GDK_KEY_Shift_L)...UInt32(GDK_KEY_Hyper_R)).contains(keyval)
    }

    /// When an input event with timestamp `eventTime` (ms, 32 bits, wrapping; 0 if none) was
    /// taken by the display server, in `g_get_monotonic_time` µs, and how long it waited in the
    /// queue (nil when the timestamp does not look like that clock: then it is now).
    static func pressTime(eventTime: UInt32) -> (time: Int, waitMs: Int64?) {
        let now = g_get_monotonic_time()
        let nowMs = UInt32(truncatingIfNeeded: now / 1000)
        let waitMs = Int64(Int32(bitPattern: nowMs &- eventTime))
        guard eventTime != 0, (0...plausibleWaitMs).contains(waitMs) else { return (now, nil) }
        return (now - Int(waitMs) * 1000, waitMs)
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
