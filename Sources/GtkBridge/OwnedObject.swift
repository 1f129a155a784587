import CGtk

/// Owns exactly one strong reference to a GObject and drops it in `deinit`: the counted
/// counterpart of the unowned ``GObjectRef``.
///
/// Invariant: from `init` to `deinit` the owner holds one reference that nobody else
/// releases, so the object outlives the owner; `deinit` drops exactly that one. Creating
/// and releasing an owner are O(1) (one `g_object_ref_sink` or none, one `g_object_unref`).
///
/// Swift may release a local owner right after its last use, not at the end of its scope:
/// reach the object through `ref` at each use, so the owner lives as long as they do.
///
/// Main thread only, like the GTK objects it owns (Pango objects: the thread that uses them).
public final class OwnedObject {
    /// The owned instance, for GTK's C calls.
    public let ref: GObjectRef

    /// Takes over the reference the caller holds, as a `_new` function or a
    /// `(transfer full)` getter returns it. A floating reference (a `GInitiallyUnowned`
    /// fresh from `_new`, as a widget or a `GtkAdjustment`) is sunk with `g_object_ref_sink`,
    /// which turns it into this owner's full reference without changing the count.
    public init(adopting object: GObjectRef) {
        if g_object_is_floating(object.pointer) != 0 { g_object_ref_sink(object.pointer) }
        ref = object
    }

    /// Adds a reference of its own to an object someone else owns (GTK's convention for an
    /// object it keeps: a floating reference is sunk and becomes the owner's instead).
    public init(retaining object: GObjectRef) {
        g_object_ref_sink(object.pointer)
        ref = object
    }

    public convenience init(adopting object: OpaquePointer) { self.init(adopting: GObjectRef(object)) }
    public convenience init<T>(adopting object: UnsafeMutablePointer<T>) { self.init(adopting: GObjectRef(object)) }
    public convenience init(retaining object: OpaquePointer) { self.init(retaining: GObjectRef(object)) }
    public convenience init<T>(retaining object: UnsafeMutablePointer<T>) { self.init(retaining: GObjectRef(object)) }

    deinit { g_object_unref(ref.pointer) }
}
