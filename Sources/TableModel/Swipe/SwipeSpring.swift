import Glibc

/// A critically damped spring the view can tick to animate a snap: it never overshoots and
/// settles in about ``response`` seconds. Pure: state in, state out.
public struct SwipeSpring: Hashable, Sendable {
    /// Roughly how long a snap takes, in seconds.
    public static let response: Double = 0.25
    /// Closer than this (px) and slower than ``restingVelocity`` counts as arrived.
    public static let restingDistance: Double = 0.5
    public static let restingVelocity: Double = 5

    public var position: Double
    /// In px/s.
    public var velocity: Double
    public var target: Double

    /// - Complexity: O(1).
    public init(position: Double, velocity: Double, target: Double) {
        // A value that is not finite would make every later position NaN; it starts at rest instead.
        self.target = target.isFinite ? target : 0
        self.position = position.isFinite ? position : self.target
        self.velocity = velocity.isFinite ? velocity : 0
    }

    /// Whether the animation can stop; the position is then snapped to the target.
    ///
    /// - Complexity: O(1).
    public var isSettled: Bool {
        abs(position - target) < Self.restingDistance && abs(velocity) < Self.restingVelocity
    }

    /// Advances by `seconds` using the closed-form solution, so any frame rate gives the same path.
    ///
    /// - Complexity: O(1).
    public mutating func step(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        let omega = 2 * Double.pi / Self.response
        let displacement = position - target
        let decay = exp(-omega * seconds)
        let coefficient = velocity + omega * displacement
        position = target + (displacement + coefficient * seconds) * decay
        velocity = (velocity - omega * coefficient * seconds) * decay
        if isSettled {
            position = target
            velocity = 0
        }
    }
}
