import CGtk
import GtkBridge

/// Workaround, dated: GTK before 4.22 ends one pointer press twice when a grab takes the
/// pointer from the window while a button is held: a press on the window's resize edge (GTK
/// resizes the window itself under a pointer grab when no window manager does), a drag and drop,
/// a popover. GDK then reports both the crossing the grab causes and an "implicit grab broken"
/// event, and `handle_pointing_event` (gtk/gtkmain.c, the same in 4.8.3, 4.18.6 and 4.20.1)
/// takes the widgets holding the press out of their active state for each
/// (`set_widget_active_state (…, FALSE)`), so each of them prints "Broken accounting of active
/// state" and the next press starts from a wrong count.
/// Upstream fix: GTK merge request !9531, "Fix brokenness in widget active state maintenance"
/// (issue #7930), first released in 4.21.6, so in stable 4.22.0 (Debian 12 has 4.8.3, Debian 13
/// 4.18.6). On 4.22 and later `isNeeded` is false and nothing is installed.
/// `test_without_the_grab_break_filter_gtk_before_4_22_ends_the_edge_press_twice` is its canary.
///
/// The crossing alone ends the press (it releases the widgets and drops the pointer focus), so
/// this filter keeps the implicit-grab-broken event of a window surface from GTK's handler,
/// which only passes events on to GTK's dispatch.
///
/// How: a `GdkSurface::event` emission hook (hooks run before the handlers) blocks GTK's
/// handler on the window's surface for that one event, and a handler of ours, connected after
/// GTK's, unblocks it and ends the emission. Every other event reaches GTK untouched.
@MainActor
enum ImplicitGrabBreakFilter {
    /// Whether the GTK the app runs on has the bug (checked at run time, not build time).
    static let isNeeded = gtk_get_major_version() == 4 && gtk_get_minor_version() < 22

    /// GTK's `event` handler on each filtered window surface, by the surface's address.
    private static var gtkHandlers: [UInt: (handler: gulong, window: GObjectRef)] = [:]
    /// The surface and handler the hook blocked for the event being emitted.
    private static var blocked: (surface: UInt, handler: gulong)?
    private static var hookAdded = false

    /// Filters `window`'s surface from now on, again after every re-realize, where `isNeeded`.
    static func install(on window: GObjectRef) {
        guard isNeeded else { return }
        window.on("realize") { filter(window) }
        window.on("unrealize") { forget(window) }
        if gtk_widget_get_realized(window.widget) != 0 { filter(window) }
    }

    private static func filter(_ window: GObjectRef) {
        guard let surface = gtk_native_get_surface(window()) else { return }
        let pointer = UnsafeMutableRawPointer(surface)
        let event = g_signal_lookup("event", gdk_surface_get_type())
        // GTK's handler is the one whose data is the window (gtkwindow.c, `surface_event`).
        let gtkHandler = g_signal_handler_find(
            pointer, GSignalMatchType(rawValue: G_SIGNAL_MATCH_ID.rawValue | G_SIGNAL_MATCH_DATA.rawValue),
            event, 0, nil, nil, window.pointer)
        guard gtkHandler != 0 else { return }
        gtkHandlers[UInt(bitPattern: pointer)] = (gtkHandler, window)
        g_signal_connect_data(pointer, "event", unsafeBitCast(endDroppedEvent, to: GCallback.self), nil, nil, GConnectFlags(0))
        if !hookAdded {
            g_signal_add_emission_hook(event, 0, blockGTKForImplicitBreak, nil, nil)
            hookAdded = true
        }
    }

    private static func forget(_ window: GObjectRef) {
        guard let surface = gtk_native_get_surface(window()) else { return }
        gtkHandlers[UInt(bitPattern: UnsafeMutableRawPointer(surface))] = nil
    }

    /// The emission hook: for an implicit-grab-broken event on a filtered surface, blocks GTK's
    /// handler until `endDroppedEvent`.
    private static let blockGTKForImplicitBreak: GSignalEmissionHook = { _, count, values, _ in
        guard let values, count >= 2, let surface = g_value_get_object(values),
            let event = g_value_get_pointer(values + 1)
        else { return 1 }
        let grabBreak = OpaquePointer(event)
        guard gdk_event_get_event_type(grabBreak) == GDK_GRAB_BROKEN, gdk_grab_broken_event_get_implicit(grabBreak) != 0
        else { return 1 }
        let address = UInt(bitPattern: surface)
        MainActor.assumeIsolated {
            guard let handler = gtkHandlers[address]?.handler else { return }
            g_signal_handler_block(UnsafeMutableRawPointer(bitPattern: address), handler)
            blocked = (address, handler)
        }
        return 1  // keep the hook
    }

    /// Runs after GTK's handler, so only when the hook blocked it: unblocks it and ends the
    /// event's emission as handled.
    private static let endDroppedEvent: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = { surface, _, _ in
        let address = UInt(bitPattern: surface)
        return MainActor.assumeIsolated {
            guard let (blockedAddress, handler) = blocked, blockedAddress == address else { return 0 }
            g_signal_handler_unblock(UnsafeMutableRawPointer(bitPattern: address), handler)
            blocked = nil
            if let window = gtkHandlers[address]?.window { cancelGestures(under: window.widget) }
            return 1
        }
    }

    /// Cancels every gesture still holding a press in `widget` and its descendants, as GTK's
    /// handling of the dropped event would have for the widgets under the pointer.
    ///
    /// - Complexity: O(widgets + controllers); it runs once per implicit grab broken.
    private static func cancelGestures(under widget: UnsafeMutablePointer<GtkWidget>) {
        if let observed = gtk_widget_observe_controllers(widget) {
            let controllers = OwnedObject(adopting: observed)
            for position in 0..<g_list_model_get_n_items(controllers.ref.opaque) {
                guard let item = g_list_model_get_item(controllers.ref.opaque, position) else { continue }
                let controller = OwnedObject(adopting: GObjectRef(item))
                if controller.ref.isA(gtk_gesture_get_type()), gtk_gesture_is_active(controller.ref.opaque) != 0 {
                    gtk_event_controller_reset(controller.ref.opaque)
                }
            }
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            cancelGestures(under: current)
            child = gtk_widget_get_next_sibling(current)
        }
    }
}
