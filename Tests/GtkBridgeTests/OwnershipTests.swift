import CGtk
import Testing
@testable import GtkBridge

/// Records whether it was deallocated, so a test can tell when a handler box let go of it.
private final class Witness {
    var calls = 0
}

/// A GtkAdjustment needs no display, so these run headless.
@MainActor
private func makeAdjustment() -> GObjectRef {
    let adjustment = gtk_adjustment_new(0, 0, 100, 1, 10, 10)!
    g_object_ref_sink(adjustment)
    return GObjectRef(adjustment)
}

@MainActor
@Test func signalHandlerRunsAndItsBoxIsReleasedWhenTheObjectIsFinalized() {
    weak var weakWitness: Witness?
    let adjustment = makeAdjustment()
    do {
        let witness = Witness()
        weakWitness = witness
        adjustment.on("value-changed") { witness.calls += 1 }
    }
    gtk_adjustment_set_value(adjustment.as(GtkAdjustment.self), 42)
    #expect(weakWitness?.calls == 1)
    #expect(weakWitness != nil, "the connection keeps its box alive")
    g_object_unref(adjustment.pointer)
    #expect(weakWitness == nil, "finalizing the object releases the box")
}

@MainActor
@Test func disconnectReleasesTheBoxAndBlockSuppressesTheHandler() {
    weak var weakWitness: Witness?
    let adjustment = makeAdjustment()
    defer { g_object_unref(adjustment.pointer) }
    var connection: SignalConnection?
    do {
        let witness = Witness()
        weakWitness = witness
        connection = adjustment.on("value-changed") { witness.calls += 1 }
    }
    connection?.whileBlocked { gtk_adjustment_set_value(adjustment.as(GtkAdjustment.self), 10) }
    #expect(weakWitness?.calls == 0)
    connection?.disconnect()
    #expect(weakWitness == nil)
}

@MainActor
@Test func idleSourceRunsUntilItStopsThenReleasesItsBox() {
    weak var weakWitness: Witness?
    do {
        let witness = Witness()
        weakWitness = witness
        MainLoopSource.idle {
            witness.calls += 1
            return witness.calls < 3
        }
    }
    for _ in 0..<10 { g_main_context_iteration(nil, 0) }
    #expect(weakWitness == nil, "a stopped source releases its box")
}

@MainActor
@Test func removingATimeoutReleasesItsBoxWithoutRunningIt() {
    weak var weakWitness: Witness?
    var source: UInt32 = 0
    do {
        let witness = Witness()
        weakWitness = witness
        source = MainLoopSource.timeout(milliseconds: 60_000) {
            witness.calls += 1
            return true
        }
    }
    #expect(weakWitness != nil)
    MainLoopSource.remove(source)
    #expect(weakWitness == nil)
}

@Test func castsKeepTheAddress() {
    let adjustment = gtk_adjustment_new(0, 0, 1, 1, 1, 1)!
    g_object_ref_sink(adjustment)
    let ref = GObjectRef(adjustment)
    #expect(ref.as(GtkAdjustment.self) == adjustment)
    #expect(ref.isA(gtk_adjustment_get_type()))
    #expect(!ref.isA(gtk_widget_get_type()))
    g_object_unref(ref.pointer)
}
