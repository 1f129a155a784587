import GtkBridge
import TableModel

/// Moves rows' displayed swipe offsets toward the model's targets on the frame clock, with the
/// model's spring (S3). Offsets the model sets without animation (a finger on the row) are
/// shown at once. Rows not animating show the model's offset exactly.
@MainActor
final class SwipeAnimator {
    private var springs: [RowID: SwipeSpring] = [:]
    private var tickID: UInt32?
    private var lastFrameTime: Int?
    private let host: GObjectRef
    /// Called each frame an offset moved, so the table places its cells again.
    var onChange: (() -> Void)?

    init(host: GObjectRef) { self.host = host }

    var isAnimating: Bool { !springs.isEmpty }

    /// The offset to draw for `id`, given the model's settled `target`.
    func displayedOffset(of id: RowID, target: Double) -> Double {
        springs[id]?.position ?? target
    }

    /// Applies one change from the model, starting from what is on screen now.
    func apply(_ change: SwipeOffsetChange, current: Double) {
        guard change.animated else {
            springs[change.row] = nil
            return
        }
        springs[change.row] = SwipeSpring(position: current, velocity: change.velocity, target: change.offset)
        startTicking()
    }

    /// Drops a row's animation (the row is gone).
    func forget(_ id: RowID) { springs[id] = nil }

    private func startTicking() {
        guard tickID == nil else { return }
        lastFrameTime = nil
        tickID = host.addTickCallback { [weak self] time in self?.tick(frameTime: time) ?? false }
    }

    private func tick(frameTime: Int) -> Bool {
        let seconds = lastFrameTime.map { Double(frameTime - $0) / 1_000_000 } ?? 1.0 / 60
        lastFrameTime = frameTime
        for (id, var spring) in springs {
            spring.step(by: min(seconds, 0.05))
            springs[id] = spring.isSettled ? nil : spring
        }
        onChange?()
        if springs.isEmpty {
            tickID = nil
            return false
        }
        return true
    }
}
