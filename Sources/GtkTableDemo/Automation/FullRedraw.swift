import CGtk
import GtkBridge

/// The redraw half of the pixel oracle (DESIGN, "Truth in tests"): the screen at rest must
/// equal what a full redraw draws. On SIGUSR1 (automation runs only) every widget of the
/// window, popovers included, queues a draw, which throws away the render node GTK kept for
/// it; the app's own drawing caches (a drawn note's paragraph layouts) are dropped first. The
/// next frame then snapshots every widget again where it is now, with nothing kept from any
/// earlier frame, and a test compares it with the frame before.
///
/// `count` goes up once per redraw, in the state file's `fullRedraws`, so a test can wait
/// for the frame drawn after its request.
@MainActor
final class FullRedraw {
    private(set) var count = 0

    /// Listens for SIGUSR1; `dropCaches` lets go of the app's drawing caches, and `done` runs
    /// after every widget has queued its draw.
    init(window: GObjectRef, dropCaches: @escaping @MainActor () -> Void, done: @escaping @MainActor () -> Void) {
        MainLoopSource.unixSignal(SIGUSR1) { [weak self] in
            guard let self else { return }
            dropCaches()
            window.queueDrawOfWholeTree()
            self.count += 1
            done()
        }
    }
}
