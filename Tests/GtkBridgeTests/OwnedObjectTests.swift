import CGtk
import Testing
@testable import GtkBridge

/// Counts signal emissions; deallocated when the connection that captured it is released.
private final class Emissions {
    var count = 0
}

/// Watches one object through a GLib weak pointer, which GLib clears when it is finalized.
/// No display is needed: GtkAdjustment and plain GObject live without one.
private final class FinalizeWatch {
    private let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
    private let object: GObjectRef

    init(_ object: GObjectRef) {
        self.object = object
        slot.initialize(to: object.pointer)
        g_object_add_weak_pointer(object.object, slot)
    }

    deinit {
        if slot.pointee != nil { g_object_remove_weak_pointer(object.object, slot) }
        slot.deallocate()
    }

    var isFinalized: Bool { slot.pointee == nil }
    /// The object's reference count; only read while it is alive.
    var refCount: UInt32 { object.object.pointee.ref_count }
}

private func newFloatingAdjustment() -> GObjectRef { GObjectRef(gtk_adjustment_new(0, 0, 100, 1, 10, 10)!) }

private func newPlainObject() -> GObjectRef { GObjectRef(g_object_new_with_properties(g_object_get_type(), 0, nil, nil)!) }

@MainActor
@Test func adoptingAFloatingReferenceSinksItAndReleasingTheOwnerFinalizes() {
    let adjustment = newFloatingAdjustment()
    let watch = FinalizeWatch(adjustment)
    var owner: OwnedObject? = OwnedObject(adopting: adjustment)
    #expect(g_object_is_floating(adjustment.pointer) == 0, "the floating reference became the owner's")
    #expect(watch.refCount == 1)
    #expect(owner?.ref == adjustment)
    owner = nil
    #expect(watch.isFinalized)
}

@MainActor
@Test func adoptingAFullReferenceKeepsTheCountAndReleasingTheOwnerFinalizes() {
    let object = newPlainObject()
    let watch = FinalizeWatch(object)
    var owner: OwnedObject? = OwnedObject(adopting: object)
    #expect(watch.refCount == 1)
    _ = owner
    owner = nil
    #expect(watch.isFinalized)
}

@MainActor
@Test func retainingAddsOneReferenceAndReleasingDropsExactlyThatOne() {
    let object = newPlainObject()
    let watch = FinalizeWatch(object)
    var owners: [OwnedObject] = []
    for expected in 2...4 {
        owners.append(OwnedObject(retaining: object))
        #expect(watch.refCount == UInt32(expected))
    }
    while !owners.isEmpty {
        owners.removeLast()
        #expect(watch.refCount == UInt32(owners.count + 1))
    }
    #expect(!watch.isFinalized, "the creator's own reference is untouched")
    g_object_unref(object.pointer)
    #expect(watch.isFinalized)
}

@MainActor
@Test func retainingAFloatingObjectSinksItIntoTheOwner() {
    let adjustment = newFloatingAdjustment()
    let watch = FinalizeWatch(adjustment)
    var owner: OwnedObject? = OwnedObject(retaining: adjustment)
    #expect(g_object_is_floating(adjustment.pointer) == 0)
    #expect(watch.refCount == 1)
    _ = owner
    owner = nil
    #expect(watch.isFinalized)
}

@MainActor
@Test func releasingAnOwnerWhileAHandlerIsConnectedKeepsTheCountRight() {
    weak var weakEmissions: Emissions?
    let adjustment = newFloatingAdjustment()
    let watch = FinalizeWatch(adjustment)
    var first: OwnedObject? = OwnedObject(adopting: adjustment)
    var second: OwnedObject? = OwnedObject(retaining: adjustment)
    do {
        let emissions = Emissions()
        weakEmissions = emissions
        first?.ref.on("value-changed") { emissions.count += 1 }
    }
    #expect(watch.refCount == 2, "a connected handler takes no reference")
    first = nil
    #expect(watch.refCount == 1)
    gtk_adjustment_set_value(adjustment.as(GtkAdjustment.self), 7)
    #expect(weakEmissions?.count == 1, "the handler still runs on the object the other owner keeps")
    _ = second
    second = nil
    #expect(watch.isFinalized)
    #expect(weakEmissions == nil, "finalizing the object released the handler's box")
}
