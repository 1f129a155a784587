import CGtk

/// An unowned handle on any GObject instance: the one place that turns GTK's typed and
/// opaque pointers into each other. GTK owns widgets through the widget tree; this handle
/// neither refs nor unrefs (``OwnedObject`` holds a counted reference).
public struct GObjectRef: Hashable, @unchecked Sendable {  // an address; only used on the main thread
    public let pointer: UnsafeMutableRawPointer

    public init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public init<T>(_ pointer: UnsafeMutablePointer<T>) { self.pointer = UnsafeMutableRawPointer(pointer) }
    public init(_ pointer: OpaquePointer) { self.pointer = UnsafeMutableRawPointer(pointer) }

    /// A nil-tolerant initialiser for C functions that return optional pointers.
    public init?<T>(_ pointer: UnsafeMutablePointer<T>?) {
        guard let pointer else { return nil }
        self.init(pointer)
    }

    public init?(_ pointer: OpaquePointer?) {
        guard let pointer else { return nil }
        self.init(pointer)
    }

    /// The same instance as another struct type (`GtkWidget`, `GtkWindow`, `GtkTextView`…).
    /// The caller asserts the instance really is of that type.
    public func `as`<T>(_ type: T.Type) -> UnsafeMutablePointer<T> {
        pointer.assumingMemoryBound(to: type)
    }

    /// The instance as whatever pointer type the C function it is passed to expects, typed
    /// (`GtkBox *`, `GtkTextView *`…) or opaque (`GtkLabel *`, `GtkPopover *`…): `label()`.
    /// The caller asserts the instance really is of that type.
    public func callAsFunction<T>() -> UnsafeMutablePointer<T> { pointer.assumingMemoryBound(to: T.self) }

    public func callAsFunction() -> OpaquePointer { OpaquePointer(pointer) }

    /// The instance as an opaque pointer (`GtkEventController`, `GtkGesture`, `GtkSnapshot`…).
    public var opaque: OpaquePointer { OpaquePointer(pointer) }

    public var widget: UnsafeMutablePointer<GtkWidget> { `as`(GtkWidget.self) }
    public var object: UnsafeMutablePointer<GObject> { `as`(GObject.self) }

    /// Whether the instance is of `type` or a subtype, checked through GType.
    public func isA(_ type: GType) -> Bool {
        g_type_check_instance_is_a(pointer.assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }
}
