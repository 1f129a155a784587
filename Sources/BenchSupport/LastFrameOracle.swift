import CGtk
import GtkBridge

/// The pixel oracle at the end of a benchmark run (DESIGN, "Truth in tests"): a figure counts
/// only if the last frame equals a full redraw. Once the window has come to rest (the subject
/// is quiet, so no notice of its own is due to come or go, and two renderings a poll apart are
/// the same: GTK's own timed animations, such as an overlay scrollbar fading out, have
/// finished), it renders the window from the render nodes GTK kept (what the screen shows),
/// has every widget drop its node and the subject its own drawing caches, waits for the frame
/// drawn after that, renders again, and compares pixel for pixel.
@MainActor
enum LastFrameOracle {
    /// How often, and how long at most, it looks for the window at rest.
    static let pollMilliseconds: UInt32 = 100
    /// Longer than a toast stays up (10 s), so a run that ends with one still comes to rest.
    static let restTimeoutMilliseconds: UInt32 = 15_000

    /// What the oracle found.
    enum Outcome: String {
        case matches
        /// The last frame and the full redraw differ (or one of them could not be rendered).
        case differs
        /// The subject never was quiet with two renderings a poll apart the same within
        /// ``restTimeoutMilliseconds``.
        case neverAtRest
    }

    /// Calls `done` with the outcome. When it is not `.matches`, the two renderings it compared
    /// last are written to `evidencePrefix + "-screen.png"` and `evidencePrefix + "-redraw.png"`
    /// (the frame at rest and the full redraw, or two renderings a poll apart), so a failure
    /// in a run nobody watched can be looked at.
    static func check(
        window: GObjectRef, evidencePrefix: String, isQuiet: @escaping @MainActor () -> Bool,
        dropCaches: @escaping @MainActor () -> Void, done: @escaping @MainActor (Outcome) -> Void
    ) {
        var previous = Rendering(of: window)
        var waited: UInt32 = 0
        MainLoopSource.timeout(milliseconds: pollMilliseconds) {
            waited += pollMilliseconds
            let current = Rendering(of: window)
            guard isQuiet(), current.pixels != nil, current.pixels == previous.pixels else {
                if waited >= restTimeoutMilliseconds {
                    saveEvidence(previous, current, to: evidencePrefix)
                    done(.neverAtRest)
                }
                previous = current
                return waited < restTimeoutMilliseconds
            }
            compareWithFullRedraw(window: window, atRest: current, evidencePrefix: evidencePrefix, dropCaches: dropCaches, done: done)
            return false
        }
    }

    private static func compareWithFullRedraw(
        window: GObjectRef, atRest: Rendering, evidencePrefix: String, dropCaches: () -> Void,
        done: @escaping @MainActor (Outcome) -> Void
    ) {
        guard let clock = gtk_widget_get_frame_clock(window.widget) else {
            done(.differs)
            return
        }
        var connection: SignalConnection?
        connection = GObjectRef(clock).on("after-paint") {
            connection?.disconnect()
            connection = nil
            let redraw = Rendering(of: window)
            guard redraw.pixels != atRest.pixels else { return done(.matches) }
            saveEvidence(atRest, redraw, to: evidencePrefix)
            done(.differs)
        }
        dropCaches()
        window.queueDrawOfWholeTree()
    }

    private static func saveEvidence(_ screen: Rendering, _ redraw: Rendering, to prefix: String) {
        screen.save(to: prefix + "-screen.png")
        redraw.save(to: prefix + "-redraw.png")
    }

    /// One rendering of the window: its texture (kept for the evidence) and its pixels.
    @MainActor private struct Rendering {
        let texture: OwnedObject?
        let pixels: [UInt8]?

        init(of window: GObjectRef) {
            guard let made = try? WindowRendering.texture(of: window) else {
                texture = nil
                pixels = nil
                return
            }
            texture = OwnedObject(adopting: made)
            pixels = WindowRendering.pixels(ofTexture: made)
        }

        func save(to path: String) {
            guard let texture else { return }
            _ = gdk_texture_save_to_png(OpaquePointer(texture.ref.pointer), path)
        }
    }
}
