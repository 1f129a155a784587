import GtkBridge
import TableModel

/// Continues a touchpad scroll after the fingers lift (W2): the model's `KineticDeceleration`
/// stepped on the frame clock.
@MainActor
final class KineticScroller {
    private var motion = KineticDeceleration(velocity: 0)
    private var tickID: UInt32?
    private var lastFrameTime: Int?
    private let host: GObjectRef
    private let scrollBy: (Double) -> Bool

    /// - Parameter scrollBy: moves the content by a delta; returns false at either end.
    init(host: GObjectRef, scrollBy: @escaping (Double) -> Bool) {
        self.host = host
        self.scrollBy = scrollBy
    }

    var isRunning: Bool { tickID != nil }

    func start(velocity: Double) {
        stop()
        motion = KineticDeceleration(velocity: velocity)
        guard !motion.isAtRest else { return }
        lastFrameTime = nil
        tickID = host.addTickCallback { [weak self] time in self?.tick(frameTime: time) ?? false }
    }

    func stop() {
        if let tickID { host.removeTickCallback(tickID) }
        tickID = nil
    }

    private func tick(frameTime: Int) -> Bool {
        let milliseconds = lastFrameTime.map { Double(frameTime - $0) / 1000 } ?? 16
        lastFrameTime = frameTime
        let moved = scrollBy(motion.advance(milliseconds: milliseconds))
        if !moved || motion.isAtRest {
            tickID = nil
            return false
        }
        return true
    }
}
