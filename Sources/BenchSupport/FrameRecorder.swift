import CGtk
import GtkBridge

/// Records every frame a window's GdkFrameClock paints: its frame time (the clock's own,
/// `gdk_frame_clock_get_frame_time`) and its work, the monotonic time from `before-paint`
/// (before the update, layout and paint phases) to the end of `after-paint`.
///
/// The same recorder measures our table and GTK's list widgets, so both are timed alike.
@MainActor
public final class FrameRecorder {
    /// One painted frame; times in µs.
    public struct Frame: Sendable {
        public let frameTime: Int
        public let start: Int
        public let end: Int
        /// What the benchmark was doing in this frame's update phase, if anything.
        public let label: String?

        public var work: Int { end - start }
    }

    public private(set) var frames: [Frame] = []
    /// The label of the frame being built; the benchmark sets it from its tick callback.
    public var label: String?
    /// Called at the end of each frame's `after-paint`, after it is recorded.
    public var onFrame: ((Frame) -> Void)?
    private var frameStart: Int?

    public init() {}

    /// Starts recording once `window` is realized and has its frame clock.
    public func attach(to window: GObjectRef) {
        window.on("realize", after: true) { [weak self] in
            guard let self, let clock = GObjectRef(gtk_widget_get_frame_clock(window.widget)) else { return }
            clock.on("before-paint") { [weak self] in self?.frameStart = g_get_monotonic_time() }
            clock.on("after-paint", after: true) { [weak self] in self?.frameEnded(clock) }
        }
    }

    private func frameEnded(_ clock: GObjectRef) {
        let end = g_get_monotonic_time()
        let frame = Frame(
            frameTime: gdk_frame_clock_get_frame_time(clock.opaque), start: frameStart ?? end, end: end, label: label)
        frameStart = nil
        label = nil
        frames.append(frame)
        onFrame?(frame)
    }

    /// Frame intervals (differences of consecutive frame times) and frame work, in ms, of
    /// the frames labelled `label`.
    ///
    /// - Complexity: O(frames recorded).
    public func timings(of label: String) -> (intervals: SampleSummary, work: SampleSummary) {
        let labelled = frames.filter { $0.label == label }
        let intervals = zip(labelled, labelled.dropFirst()).map { Double($1.frameTime - $0.frameTime) / 1000 }
        return (SampleSummary(intervals), SampleSummary(labelled.map { Double($0.work) / 1000 }))
    }
}
