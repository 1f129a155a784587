import CGtk
import GtkBridge

/// Which frame each surface last rendered in, for the view's invariant check: a frame in
/// which the window did not render (GDK holds a toplevel's updates back while the X server
/// has not yet confirmed a resize the window asked for, which under load spans frames) leaves
/// the screen showing the frame before, so what the widgets last painted is judged only in a
/// frame that rendered. An emission hook sees every `GdkSurface::render`, even when a handler
/// (GTK's own, which renders the window) stops the emission.
///
/// - Complexity: O(1) per render.
@MainActor
enum SurfaceRenders {
    /// The frame counter of the last render of each watched surface, by its address.
    private static var frames: [UInt: Int] = [:]
    private static var hooked = false

    /// Starts watching `surface`'s renders.
    static func watch(_ surface: OpaquePointer) {
        frames[UInt(bitPattern: surface)] = -1
        guard !hooked else { return }
        hooked = true
        g_signal_add_emission_hook(g_signal_lookup("render", gdk_surface_get_type()), 0, surfaceRenderHook, nil, nil)
    }

    /// The surface at `address` renders now: its frame is noted if it is watched.
    fileprivate static func noteRender(ofSurfaceAt address: UInt) {
        if frames[address] != nil, let surface = OpaquePointer(bitPattern: address), let clock = gdk_surface_get_frame_clock(surface) {
            frames[address] = gdk_frame_clock_get_frame_counter(clock)
        }
    }

    /// Whether `surface` rendered in the frame its clock is in now.
    static func renderedThisFrame(_ surface: OpaquePointer) -> Bool {
        guard let clock = gdk_surface_get_frame_clock(surface), let frame = frames[UInt(bitPattern: surface)] else { return false }
        return frame == gdk_frame_clock_get_frame_counter(clock)
    }
}

/// The emission hook: GDK emits `render` on the main thread.
private let surfaceRenderHook: GSignalEmissionHook = { _, count, values, _ in
    guard count > 0, let values, let instance = g_value_get_object(values) else { return 1 }
    let address = UInt(bitPattern: instance)
    MainActor.assumeIsolated { SurfaceRenders.noteRender(ofSurfaceAt: address) }
    return 1  // stay hooked
}
