/// Carries a Swift closure through a C `gpointer`.
///
/// Ownership: whoever passes a box to C does so with `passRetained`, and the matching
/// C destroy notify (`GClosureNotify`, `GDestroyNotify`) releases it exactly once.
/// So a box lives exactly as long as the signal connection or source that uses it.
final class HandlerBox<Handler>: @unchecked Sendable {  // immutable; the handler only runs on the main thread
    let handler: Handler

    init(_ handler: Handler) { self.handler = handler }

    /// A +1 reference as a C pointer; released by `release(_:)`.
    func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// The box behind a pointer made by `retainedPointer()`, without changing its count.
    static func from(_ pointer: UnsafeRawPointer) -> HandlerBox<Handler> {
        Unmanaged<HandlerBox<Handler>>.fromOpaque(pointer).takeUnretainedValue()
    }

}

/// Drops the reference taken by `HandlerBox.retainedPointer()`, whatever the handler type.
func releaseHandlerBox(_ pointer: UnsafeRawPointer) {
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
}
