import CGtk
import GtkBridge

/// Makes sure every layout the table asks for is run in the next frame.
///
/// GTK 4.8 can lose `gtk_widget_queue_allocate`: a request stops at the first ancestor that
/// already has a child needing allocation, and that ancestor clears the mark when its own
/// allocation ends. A request made while an ancestor is being allocated (after the table's
/// turn) therefore leaves the table marked but its ancestors not, and from then on every
/// request stops at the table itself: the table stops moving while the model goes on (the
/// soak found this: 55 requests and no allocation). The guard notes the frame of the first
/// request not yet served; after a later frame is painted, if the table still was not
/// allocated, it marks the table's ancestors too, which the next frame serves.
///
/// Such a request came from the table's own allocation binding cells (a bind resized
/// widgets in the cell). Since cells are bound before GTK's layout phase
/// (`TableView.bindBeforeNextLayout`), the guard has had nothing to re-arm: 0 recoveries in
/// three soaks of 1,000–2,000 actions and the animation, anchoring and every-frame suites.
/// It stays as a safety net that the tests treat as a failure: the soak asserts it never
/// fired, so a regression shows there instead of as a frozen table.
///
/// - Complexity: O(1) per request and per frame; O(depth) for a recovery.
@MainActor
final class AllocationGuard {
    private let widget: GObjectRef
    /// The frame counter when the oldest unserved request was made.
    private var requestedInFrame: Int?
    private var clockConnection: SignalConnection?
    /// Requests GTK lost and this guard re-armed (the state file reports it).
    private(set) var recoveries = 0

    init(widget: GObjectRef) {
        self.widget = widget
        widget.on("realize", after: true) { [weak self] in self?.watchFrames() }
    }

    /// A layout was asked for.
    func requested() {
        guard requestedInFrame == nil else { return }
        requestedInFrame = currentFrame ?? 0
    }

    /// The table is being allocated: every request so far is served.
    func served() {
        requestedInFrame = nil
    }

    private var clock: OpaquePointer? { gtk_widget_get_frame_clock(widget.widget) }
    private var currentFrame: Int? { clock.map { gdk_frame_clock_get_frame_counter($0) } }

    private func watchFrames() {
        guard let clock else { return }
        // A lost request stops before it asks the clock for a layout phase, so the check runs
        // after every paint, and the re-armed request is served in the next frame.
        clockConnection = GObjectRef(UnsafeMutableRawPointer(clock)).on("after-paint") { [weak self] in self?.checkServed() }
    }

    private func checkServed() {
        guard let frame = requestedInFrame, let now = currentFrame, frame < now else { return }
        recoveries += 1
        widget.queueAllocationUpToWindow()
    }
}
