import GtkBridge
import TableModel

/// Moves rows' displayed swipe offsets toward the model's targets on the frame clock, with the
/// model's spring (S3). Offsets the model sets without animation (a finger on the row) are
/// shown at once. Rows not animating show the model's offset exactly.
@MainActor
final class SwipeAnimator {
    private var springs: [RowID: SwipeSpring] = [:]
    private let ticker: FrameTicker
    /// Called each frame an offset moved, so the table places its cells again.
    var onChange: (() -> Void)?

    init(host: GObjectRef) { ticker = FrameTicker(host: host) }

    var isAnimating: Bool { !springs.isEmpty }

    /// The offset to draw for `id`, given the model's settled `target`.
    func displayedOffset(of id: RowID, target: Double) -> Double {
        springs[id]?.position ?? target
    }

    /// Applies one change from the model, starting from what is on screen now.
    func apply(_ change: SwipeOffsetChange, current: Double) {
        guard change.animated, MotionPreference.animationsEnabled else {
            springs[change.row] = nil
            onChange?()
            return
        }
        springs[change.row] = SwipeSpring(position: current, velocity: change.velocity, target: change.offset)
        startTicking()
    }

    /// Drops a row's animation (the row is gone).
    func forget(_ id: RowID) { springs[id] = nil }

    private func startTicking() {
        ticker.start { [weak self] seconds in self?.step(by: seconds) ?? false }
    }

    private func step(by seconds: Double) -> Bool {
        for (id, var spring) in springs {
            spring.step(by: min(seconds, 0.05))
            springs[id] = spring.isSettled ? nil : spring
        }
        onChange?()
        return !springs.isEmpty
    }
}
