import CGtk

// One non-capturing C trampoline per signal signature. Each finds its Swift closure in the
// retained box passed as user data, and the closure notify releases that box when the
// handler is disconnected or the instance is finalized. GTK emits on the main thread.

private typealias VoidHandler = @MainActor () -> Void
private typealias VoidFilter = @MainActor () -> Bool
private typealias PointHandler = @MainActor (Double, Double) -> Void
private typealias PointFilter = @MainActor (Double, Double) -> Bool
private typealias PressHandler = @MainActor (Int, Double, Double) -> Void
private typealias KeyFilter = @MainActor (UInt32, UInt32, GdkModifierType) -> Bool

private let releaseBox: GClosureNotify = { data, _ in
    if let data { releaseHandlerBox(data) }
}

@MainActor
private func connect<H>(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ trampoline: GCallback, _ handler: H,
    after: Bool
) -> SignalConnection {
    let box = HandlerBox(handler)
    let id = g_signal_connect_data(
        instance, signal, trampoline, box.retainedPointer(), releaseBox,
        after ? G_CONNECT_AFTER : GConnectFlags(0))
    return SignalConnection(instanceAddress: UInt(bitPattern: instance), handlerID: id)
}

extension GObjectRef {
    /// Connects a handler for a signal with no arguments besides the instance,
    /// such as `clicked`, `changed`, `activate` or `value-changed`.
    @MainActor @discardableResult
    public func on(_ signal: String, after: Bool = false, _ handler: @escaping @MainActor () -> Void)
        -> SignalConnection
    {
        let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            let box = HandlerBox<VoidHandler>.from(data)
            MainActor.assumeIsolated { box.handler() }
        }
        return connect(pointer, signal, unsafeBitCast(trampoline, to: GCallback.self), handler as VoidHandler, after: after)
    }

    /// Connects a handler for a signal with no arguments that returns whether it handled the
    /// emission, such as GtkWindow's `close-request` (true keeps the window open).
    @MainActor @discardableResult
    public func onRequest(_ signal: String, _ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            guard let data else { return 0 }
            let box = HandlerBox<VoidFilter>.from(data)
            return MainActor.assumeIsolated { box.handler() } ? 1 : 0
        }
        return connect(pointer, signal, unsafeBitCast(trampoline, to: GCallback.self), handler as VoidFilter, after: false)
    }

    /// Connects a `notify::property` handler.
    @MainActor @discardableResult
    public func onNotify(_ property: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onIgnoringArgument("notify::\(property)", handler)
    }

    /// Connects a handler for a signal whose one pointer argument is not needed, such as
    /// GSimpleAction's `activate` (a GVariant parameter) or `notify` (a GParamSpec).
    @MainActor @discardableResult
    public func onIgnoringArgument(_ signal: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
            guard let data else { return }
            let box = HandlerBox<VoidHandler>.from(data)
            MainActor.assumeIsolated { box.handler() }
        }
        return connect(pointer, signal, unsafeBitCast(trampoline, to: GCallback.self), handler as VoidHandler, after: false)
    }

    /// Connects a handler for a signal carrying two doubles, such as GtkGestureDrag's
    /// `drag-begin`, `drag-update` and `drag-end`, or GtkEventControllerMotion's `motion`.
    @MainActor @discardableResult
    public func onPoint(_ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Void)
        -> SignalConnection
    {
        let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
            guard let data else { return }
            let box = HandlerBox<PointHandler>.from(data)
            MainActor.assumeIsolated { box.handler(x, y) }
        }
        return connect(pointer, signal, unsafeBitCast(trampoline, to: GCallback.self), handler as PointHandler, after: false)
    }

    /// Connects a handler for a signal carrying two doubles and returning whether it was
    /// handled, such as GtkEventControllerScroll's `scroll`.
    @MainActor @discardableResult
    public func onPointFilter(_ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Bool)
        -> SignalConnection
    {
        let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, x, y, data in
            guard let data else { return 0 }
            let box = HandlerBox<PointFilter>.from(data)
            return MainActor.assumeIsolated { box.handler(x, y) } ? 1 : 0
        }
        return connect(pointer, signal, unsafeBitCast(trampoline, to: GCallback.self), handler as PointFilter, after: false)
    }

    /// Connects a GtkGestureClick `pressed` or `released` handler: (press count, x, y).
    @MainActor @discardableResult
    public func onPress(_ signal: String, _ handler: @escaping @MainActor (Int, Double, Double) -> Void)
        -> SignalConnection
    {
        let trampoline: @convention(c) (gpointer?, gint, Double, Double, gpointer?) -> Void = { _, n, x, y, data in
            guard let data else { return }
            let box = HandlerBox<PressHandler>.from(data)
            MainActor.assumeIsolated { box.handler(Int(n), x, y) }
        }
        return connect(pointer, signal, unsafeBitCast(trampoline, to: GCallback.self), handler as PressHandler, after: false)
    }

    /// Connects a GtkEventControllerKey `key-pressed` handler: (keyval, keycode, modifiers) → handled.
    @MainActor @discardableResult
    public func onKey(_ signal: String, _ handler: @escaping @MainActor (UInt32, UInt32, GdkModifierType) -> Bool)
        -> SignalConnection
    {
        let trampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
            _, keyval, keycode, state, data in
            guard let data else { return 0 }
            let box = HandlerBox<KeyFilter>.from(data)
            return MainActor.assumeIsolated { box.handler(keyval, keycode, state) } ? 1 : 0
        }
        return connect(pointer, signal, unsafeBitCast(trampoline, to: GCallback.self), handler as KeyFilter, after: false)
    }
}

extension GObjectRef {
    /// Connects a handler for a signal carrying one string, such as AdwMessageDialog's `response`.
    @MainActor @discardableResult
    public func onString(_ signal: String, _ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
        typealias StringHandler = @MainActor (String) -> Void
        let trampoline: @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> Void = { _, text, data in
            guard let data else { return }
            let box = HandlerBox<StringHandler>.from(data)
            let value = text.map { String(cString: $0) } ?? ""
            MainActor.assumeIsolated { box.handler(value) }
        }
        return connect(pointer, signal, unsafeBitCast(trampoline, to: GCallback.self), handler as StringHandler, after: false)
    }
}

extension GObjectRef {
    /// Connects a handler for a signal carrying one int, such as GtkNativeDialog's `response`.
    @MainActor @discardableResult
    public func onInt(_ signal: String, _ handler: @escaping @MainActor (Int32) -> Void) -> SignalConnection {
        typealias IntHandler = @MainActor (Int32) -> Void
        let trampoline: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, value, data in
            guard let data else { return }
            let box = HandlerBox<IntHandler>.from(data)
            MainActor.assumeIsolated { box.handler(value) }
        }
        return connect(pointer, signal, unsafeBitCast(trampoline, to: GCallback.self), handler as IntHandler, after: false)
    }
}

extension GObjectRef {
    /// Connects a handler that runs after GtkTextBuffer's `insert-text` has inserted: it gets
    /// the location (now the end of the inserted text) and how many characters came.
    @MainActor @discardableResult
    public func onTextInserted(_ handler: @escaping @MainActor (UnsafeMutablePointer<GtkTextIter>, Int) -> Void)
        -> SignalConnection
    {
        typealias InsertHandler = @MainActor (UnsafeMutablePointer<GtkTextIter>, Int) -> Void
        let trampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GtkTextIter>?, UnsafePointer<CChar>?, gint, gpointer?) -> Void = {
            _, location, text, length, data in
            guard let data, let location, let text else { return }
            let box = HandlerBox<InsertHandler>.from(data)
            let characters = Int(g_utf8_strlen(text, gssize(length)))
            MainActor.assumeIsolated { box.handler(location, characters) }
        }
        return connect(pointer, "insert-text", unsafeBitCast(trampoline, to: GCallback.self), handler as InsertHandler, after: true)
    }
}

extension GObjectRef {
    /// Connects a handler for a signal carrying one object, such as GtkSignalListItemFactory's
    /// `setup`, `bind`, `unbind` and `teardown` (each with a GtkListItem).
    @MainActor @discardableResult
    public func onObject(_ signal: String, _ handler: @escaping @MainActor (GObjectRef) -> Void) -> SignalConnection {
        typealias ObjectHandler = @MainActor (GObjectRef) -> Void
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, object, data in
            guard let data, let object else { return }
            let box = HandlerBox<ObjectHandler>.from(data)
            MainActor.assumeIsolated { box.handler(GObjectRef(object)) }
        }
        return connect(pointer, signal, unsafeBitCast(trampoline, to: GCallback.self), handler as ObjectHandler, after: false)
    }
}

extension GObjectRef {
    /// Connects a GtkRange `change-value` handler, told that the user is moving the range
    /// (dragging a scrollbar's thumb, clicking its trough) just before the range sets its
    /// adjustment's value. The handler never takes the change over: the range sets the value.
    @MainActor @discardableResult
    public func onRangeChangeValue(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, GtkScrollType, Double, gpointer?) -> gboolean = { _, _, _, data in
            guard let data else { return 0 }
            let box = HandlerBox<VoidHandler>.from(data)
            MainActor.assumeIsolated { box.handler() }
            return 0
        }
        return connect(pointer, "change-value", unsafeBitCast(trampoline, to: GCallback.self), handler as VoidHandler, after: false)
    }
}
