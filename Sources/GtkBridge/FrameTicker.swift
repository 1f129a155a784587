import CGtk

/// Runs a step on every frame a widget's frame clock paints, with the seconds since the
/// previous frame (1/60 s for the first), until the step returns `false` or `stop()` is called.
/// Kinetic scrolling uses it (the other animations are libadwaita's).
@MainActor
public final class FrameTicker {
    /// The interval assumed for the first frame, before there is a previous one.
    public static let firstFrameInterval = 1.0 / 60

    private let host: GObjectRef
    private var tickID: UInt32?
    private var lastFrameTime: Int?

    public init(host: GObjectRef) { self.host = host }

    public var isRunning: Bool { tickID != nil }

    /// Starts stepping; does nothing while already running (the running step stays).
    public func start(_ step: @escaping @MainActor (Double) -> Bool) {
        guard tickID == nil else { return }
        lastFrameTime = nil
        tickID = host.addTickCallback { [weak self] time in
            guard let self else { return false }
            let seconds = self.lastFrameTime.map { Double(time - $0) / 1_000_000 } ?? Self.firstFrameInterval
            self.lastFrameTime = time
            guard step(seconds) else {
                self.tickID = nil
                return false
            }
            return true
        }
    }

    public func stop() {
        if let tickID { host.removeTickCallback(tickID) }
        tickID = nil
    }
}
