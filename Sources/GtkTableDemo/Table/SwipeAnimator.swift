import GtkBridge
import TableModel

/// Moves rows' displayed swipe offsets toward the model's settled targets (S3) with one
/// libadwaita spring animation per row. The model owns the swipe state and already holds the
/// target; the spring only presents the way there. Offsets the model sets without animation
/// (a finger on the row) are shown at once, as is everything with animations off (libadwaita
/// skips the spring). Rows not animating show the model's offset exactly.
@MainActor
final class SwipeAnimator {
    /// Roughly how long a snap takes, in seconds: the spring's undamped period.
    static let response = 0.25
    /// Critically damped: a snap never overshoots unless the release velocity carries it.
    static let dampingRatio = 1.0
    /// The spring ends once its envelope is this fraction of the start: a critically damped
    /// snap of up to 300 px is then within 0.3 px of its target (the last step is not seen),
    /// after about 9.2 / ω = 0.37 s.
    static let restingEnvelope = 1e-4

    private struct Snap {
        let animation: Animation
        var position: Double
    }

    private var snaps: [RowID: Snap] = [:]
    private let host: GObjectRef
    /// Called each frame an offset moved, so the table places its cells again.
    var onChange: (() -> Void)?

    init(host: GObjectRef) { self.host = host }

    var isAnimating: Bool { !snaps.isEmpty }

    /// The offset to draw for `id`, given the model's settled `target`.
    func displayedOffset(of id: RowID, target: Double) -> Double {
        snaps[id]?.position ?? target
    }

    /// Applies one change from the model, starting from what is on screen now.
    func apply(_ change: SwipeOffsetChange, current: Double) {
        forget(change.row)
        guard change.animated, current.isFinite, current != change.offset else {
            onChange?()
            return
        }
        // Slowed down (tests), the spring takes the same path in `slowdown` times the time.
        let omega = 2 * Double.pi / (Self.response * AnimationPace.slowdown)
        let velocity = change.velocity.isFinite ? change.velocity / AnimationPace.slowdown : 0
        let spring = Animation.spring(
            on: host, from: current, to: change.offset, velocity: velocity,
            dampingRatio: Self.dampingRatio, mass: 1, stiffness: omega * omega, epsilon: Self.restingEnvelope)
        let row = change.row
        let token = ObjectIdentifier(spring)
        snaps[row] = Snap(animation: spring, position: current)
        spring.play(
            onValue: { [weak self] value in
                guard let self, self.snaps[row].map({ ObjectIdentifier($0.animation) == token }) == true else { return }
                self.snaps[row]?.position = value
                self.onChange?()
            },
            onDone: { [weak self] in
                guard let self, self.snaps[row].map({ ObjectIdentifier($0.animation) == token }) == true else { return }
                self.snaps[row] = nil
                self.onChange?()
            })
    }

    /// Drops a row's animation (the row is gone, or a new change replaces it).
    func forget(_ id: RowID) {
        snaps.removeValue(forKey: id)?.animation.cancel()
    }
}
