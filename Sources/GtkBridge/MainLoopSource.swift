import CGtk

/// Idle and timeout callbacks on GLib's main loop, which is the only reliable way to defer
/// main-thread work here: GLib does not drain `DispatchQueue.main` or main-actor tasks.
///
/// The closure returns `true` to run again, `false` to stop. Its box is released by the
/// source's destroy notify, whether the source stopped itself or was removed.
public enum MainLoopSource {
    fileprivate typealias Callback = @MainActor () -> Bool

    fileprivate static let dispatch: GSourceFunc = { data in
        guard let data else { return 0 }
        let box = HandlerBox<Callback>.from(data)
        return MainActor.assumeIsolated { box.handler() } ? 1 : 0
    }

    fileprivate static let releaseBox: GDestroyNotify = { data in
        if let data { releaseHandlerBox(data) }
    }

    /// Runs `callback` when the main loop is idle. Returns the source id for `remove(_:)`.
    @MainActor @discardableResult
    public static func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ callback: @escaping @MainActor () -> Bool) -> UInt32 {
        g_idle_add_full(priority, dispatch, HandlerBox<Callback>(callback).retainedPointer(), releaseBox)
    }

    /// Runs `callback` every `milliseconds` until it returns `false`.
    @MainActor @discardableResult
    public static func timeout(milliseconds: UInt32, _ callback: @escaping @MainActor () -> Bool) -> UInt32 {
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, dispatch, HandlerBox<Callback>(callback).retainedPointer(), releaseBox)
    }

    /// Runs `callback` on the main loop whenever the process receives `signal` (SIGTERM,
    /// SIGINT, SIGHUP…), safely outside the signal handler, until it returns `false`.
    @MainActor @discardableResult
    public static func unixSignal(_ signal: Int32, _ callback: @escaping @MainActor () -> Bool) -> UInt32 {
        g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, dispatch, HandlerBox<Callback>(callback).retainedPointer(), releaseBox)
    }

    /// Removes a source made here; its box is released.
    @MainActor public static func remove(_ sourceID: UInt32) {
        g_source_remove(sourceID)
    }
}

extension MainLoopSource {
    /// Runs `callback` once on the main loop, from any thread: a worker reporting back.
    /// `g_idle_add_full` is thread-safe; the callback runs on the main thread.
    ///
    /// - Complexity: O(1).
    public nonisolated static func idleFromAnyThread(_ callback: @escaping @Sendable @MainActor () -> Void) {
        let box = HandlerBox<@MainActor () -> Bool> {
            callback()
            return false
        }
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, dispatch, box.retainedPointer(), releaseBox)
    }
}

extension MainLoopSource {
    /// Runs `callback` on the main loop each time the process receives `signal` (such as
    /// SIGTERM), instead of the default action. GLib turns the signal into a source, so
    /// the callback may do anything main-thread code may.
    ///
    /// - Complexity: O(1).
    @MainActor @discardableResult
    public static func unixSignal(_ signal: Int32, _ callback: @escaping @MainActor () -> Void) -> UInt32 {
        let box = HandlerBox<Callback> {
            callback()
            return true
        }
        return g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, dispatch, box.retainedPointer(), releaseBox)
    }
}
