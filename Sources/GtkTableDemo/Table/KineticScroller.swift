import GtkBridge
import TableModel

/// Continues a touchpad scroll after the fingers lift (W2): the model's `KineticDeceleration`
/// stepped on the frame clock.
@MainActor
final class KineticScroller {
    private var motion = KineticDeceleration(velocity: 0)
    private let ticker: FrameTicker
    private let scrollBy: (Double) -> Bool

    /// - Parameter scrollBy: moves the content by a delta; returns false at either end.
    init(host: GObjectRef, scrollBy: @escaping (Double) -> Bool) {
        ticker = FrameTicker(host: host)
        self.scrollBy = scrollBy
    }

    var isRunning: Bool { ticker.isRunning }

    func start(velocity: Double) {
        stop()
        motion = KineticDeceleration(velocity: velocity)
        guard !motion.isAtRest else { return }
        guard MotionPreference.animationsEnabled else {
            // Reduced motion: the whole glide at once, to where it would have stopped.
            _ = scrollBy(motion.remainingDistance())
            return
        }
        ticker.start { [weak self] seconds in self?.step(by: seconds) ?? false }
    }

    func stop() { ticker.stop() }

    private func step(by seconds: Double) -> Bool {
        scrollBy(motion.advance(milliseconds: seconds * 1000)) && !motion.isAtRest
    }
}
