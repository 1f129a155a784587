import CGtk

/// A connected GObject signal handler. Keep it where the handler must be blocked or disconnected;
/// dropping it does not disconnect (GTK owns the connection through the instance).
public struct SignalConnection: Sendable {
    /// The object the handler is connected to, as an address (GObject instances are not Sendable).
    let instanceAddress: UInt
    /// The handler id that `g_signal_connect_data` returned.
    public let handlerID: gulong

    var instance: gpointer? { UnsafeMutableRawPointer(bitPattern: instanceAddress) }

    /// Stops the handler from running until `unblock()`. Used to set values programmatically
    /// without re-entering the handler.
    @MainActor public func block() { g_signal_handler_block(instance, handlerID) }

    @MainActor public func unblock() { g_signal_handler_unblock(instance, handlerID) }

    /// Runs `body` with the handler blocked.
    @MainActor public func whileBlocked<T>(_ body: () throws -> T) rethrows -> T {
        block()
        defer { unblock() }
        return try body()
    }

    /// Disconnects; the handler's box is released by its closure notify.
    @MainActor public func disconnect() { g_signal_handler_disconnect(instance, handlerID) }
}
