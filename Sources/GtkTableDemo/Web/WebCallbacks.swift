import CGtk
import CWebKit
import GtkBridge

/// Carries a Swift closure through a WebKit signal's or async call's `gpointer`.
///
/// Ownership: a signal's box is released by its `GClosureNotify` when the handler goes; an
/// async call's box is taken back (released) by its one callback.
final class WebCallbackBox<Handler>: @unchecked Sendable {  // immutable; runs on the main thread only
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }

    func retained() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }
    static func borrowed(_ pointer: UnsafeRawPointer) -> WebCallbackBox { Unmanaged.fromOpaque(pointer).takeUnretainedValue() }
    static func taken(_ pointer: UnsafeRawPointer) -> WebCallbackBox { Unmanaged.fromOpaque(pointer).takeRetainedValue() }
}

/// Typed connections for the few WebKit signals and async calls web rows use; each has one
/// non-capturing C trampoline.
@MainActor
enum WebCallbacks {
    typealias LoadHandler = @MainActor (WebKitLoadEvent) -> Void
    typealias PolicyHandler = @MainActor (UnsafeMutablePointer<WebKitPolicyDecision>, WebKitPolicyDecisionType) -> Bool
    typealias MessageHandler = @MainActor (String) -> Void
    typealias AsyncHandler = @MainActor (UnsafeMutableRawPointer?, OpaquePointer?) -> Void

    private static let release: GClosureNotify = { data, _ in
        if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
    }

    private static func connect<H>(_ instance: UnsafeMutableRawPointer, _ signal: String, _ trampoline: GCallback, _ handler: H) {
        g_signal_connect_data(instance, signal, trampoline, WebCallbackBox(handler).retained(), release, GConnectFlags(0))
    }

    /// WebKitWebView's `load-changed`.
    static func onLoadChanged(_ view: GObjectRef, _ handler: @escaping LoadHandler) {
        let trampoline: @convention(c) (gpointer?, WebKitLoadEvent, gpointer?) -> Void = { _, event, data in
            guard let data else { return }
            let box = WebCallbackBox<LoadHandler>.borrowed(data)
            MainActor.assumeIsolated { box.handler(event) }
        }
        connect(view.pointer, "load-changed", unsafeBitCast(trampoline, to: GCallback.self), handler)
    }

    /// WebKitWebView's `decide-policy`: the handler returns whether it decided.
    static func onDecidePolicy(_ view: GObjectRef, _ handler: @escaping PolicyHandler) {
        let trampoline: @convention(c) (gpointer?, UnsafeMutablePointer<WebKitPolicyDecision>?, WebKitPolicyDecisionType, gpointer?) -> gboolean = {
            _, decision, type, data in
            guard let data, let decision else { return 0 }
            let box = WebCallbackBox<PolicyHandler>.borrowed(data)
            return MainActor.assumeIsolated { box.handler(decision, type) } ? 1 : 0
        }
        connect(view.pointer, "decide-policy", unsafeBitCast(trampoline, to: GCallback.self), handler)
    }

    /// WebKitUserContentManager's `script-message-received::name`, the message as a string.
    static func onScriptMessage(_ manager: GObjectRef, name: String, _ handler: @escaping MessageHandler) {
        let trampoline: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, value, data in
            guard let data, let value else { return }
            let box = WebCallbackBox<MessageHandler>.borrowed(data)
            let text = WebCallbacks.string(of: value)
            MainActor.assumeIsolated { box.handler(text) }
        }
        connect(manager.pointer, "script-message-received::\(name)", unsafeBitCast(trampoline, to: GCallback.self), handler)
    }

    /// A `GAsyncReadyCallback` and its user data for one async call; `handler` gets the
    /// source object and the result, once.
    static func asyncCallback(_ handler: @escaping AsyncHandler) -> (GAsyncReadyCallback, gpointer) {
        let trampoline: GAsyncReadyCallback = { source, result, data in
            guard let data else { return }
            let box = WebCallbackBox<AsyncHandler>.taken(data)
            let object = source.map { UnsafeMutableRawPointer($0) }
            MainActor.assumeIsolated { box.handler(object, result) }
        }
        return (trampoline, WebCallbackBox(handler).retained())
    }

    /// A JavaScript value as a string (`jsc_value_to_string`).
    nonisolated static func string(of value: OpaquePointer) -> String {
        guard let text = jsc_value_to_string(value) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
