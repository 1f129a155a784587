import CGtk
import GtkBridge

/// The pixel oracle at the end of a benchmark run (DESIGN, "Truth in tests"): a figure counts
/// only if the last frame equals a full redraw. Once the window has come to rest (two
/// renderings a poll apart are the same: GTK's own timed animations, such as an overlay
/// scrollbar fading out, have finished), it renders the window from the render nodes GTK kept
/// (what the screen shows), has every widget drop its node and the subject its own drawing
/// caches, waits for the frame drawn after that, renders again, and compares pixel for pixel.
@MainActor
enum LastFrameOracle {
    /// How often, and how long at most, it looks for the window at rest.
    static let pollMilliseconds: UInt32 = 100
    static let restTimeoutMilliseconds: UInt32 = 5_000

    /// Calls `done` with whether the two renderings are the same (false if a rendering failed
    /// or the window never came to rest).
    static func check(window: GObjectRef, dropCaches: @escaping @MainActor () -> Void, done: @escaping @MainActor (Bool) -> Void) {
        var previous = try? WindowRendering.pixels(of: window)
        var waited: UInt32 = 0
        MainLoopSource.timeout(milliseconds: pollMilliseconds) {
            waited += pollMilliseconds
            let current = try? WindowRendering.pixels(of: window)
            guard let atRest = current, atRest == previous else {
                previous = current
                if waited >= restTimeoutMilliseconds { done(false) }
                return waited < restTimeoutMilliseconds
            }
            compareWithFullRedraw(window: window, atRest: atRest, dropCaches: dropCaches, done: done)
            return false
        }
    }

    private static func compareWithFullRedraw(
        window: GObjectRef, atRest: [UInt8], dropCaches: () -> Void, done: @escaping @MainActor (Bool) -> Void
    ) {
        guard let clock = gtk_widget_get_frame_clock(window.widget) else {
            done(false)
            return
        }
        var connection: SignalConnection?
        connection = GObjectRef(clock).on("after-paint") {
            connection?.disconnect()
            connection = nil
            done((try? WindowRendering.pixels(of: window)) == atRest)
        }
        dropCaches()
        window.queueDrawOfWholeTree()
    }
}
