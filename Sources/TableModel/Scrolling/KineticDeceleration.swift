import Glibc

/// The motion after a touchpad fling (W2): velocity decays exponentially, as iOS's normal
/// deceleration does (× 0.998 per millisecond), until it falls below a resting speed.
/// Pure, so the view's frame-clock animation is tested without a display.
public struct KineticDeceleration: Sendable, Equatable {
    /// Per-millisecond velocity factor.
    public static let rate = 0.998
    /// Below this speed (px/s) the motion stops.
    public static let restingSpeed = 8.0

    /// Current velocity in px/s; positive scrolls down.
    public private(set) var velocity: Double

    /// - Complexity: O(1).
    public init(velocity: Double) {
        self.velocity = velocity.isFinite ? velocity : 0
    }

    /// Whether the motion has stopped.
    public var isAtRest: Bool { abs(velocity) < Self.restingSpeed }

    /// The distance still to travel before the motion comes to rest, in px: where a
    /// reduced-motion setting jumps to at once.
    ///
    /// - Complexity: O(1).
    public func remainingDistance() -> Double {
        guard !isAtRest else { return 0 }
        var rest = self
        let milliseconds = log(Self.restingSpeed / abs(velocity)) / log(Self.rate)
        return rest.advance(milliseconds: milliseconds)
    }

    /// Advances by `milliseconds` and returns the distance travelled in px: the integral of
    /// the decaying velocity over the interval, so the total does not depend on frame timing.
    ///
    /// - Complexity: O(1).
    public mutating func advance(milliseconds: Double) -> Double {
        guard milliseconds > 0, milliseconds.isFinite, !isAtRest else { return 0 }
        let decay = pow(Self.rate, milliseconds)
        let distance = velocity * (decay - 1) / log(Self.rate) / 1000
        velocity *= decay
        return distance
    }
}
