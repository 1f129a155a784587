import Foundation
import GtkBridge

/// Continues a touchpad scroll after the fingers lift (W2), decaying the release velocity on
/// the frame clock, like iOS's normal deceleration (velocity × 0.998 per millisecond).
@MainActor
final class KineticScroller {
    /// Per-millisecond velocity factor.
    static let decelerationRate = 0.998
    /// Below this speed (px/s) the motion stops.
    static let restingSpeed = 8.0

    private var velocity = 0.0
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
        guard abs(velocity) > Self.restingSpeed else { return }
        self.velocity = velocity
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
        let decay = pow(Self.decelerationRate, milliseconds)
        // Distance over the interval for exponentially decaying velocity.
        let distance = velocity * (decay - 1) / log(Self.decelerationRate) / 1000
        velocity *= decay
        let moved = scrollBy(distance)
        if !moved || abs(velocity) < Self.restingSpeed {
            tickID = nil
            return false
        }
        return true
    }
}
