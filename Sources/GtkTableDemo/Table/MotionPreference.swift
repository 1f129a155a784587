import CGtk
import GtkBridge

/// The system's reduced-motion preference (GtkSettings `gtk-enable-animations`, which GNOME's
/// "Animations" switch sets). When it is off, springs and kinetic scrolling go straight to
/// where they would come to rest (W9). Read each time a motion starts, so a change applies at once.
@MainActor
enum MotionPreference {
    static var animationsEnabled: Bool {
        guard let settings = gtk_settings_get_default() else { return true }
        var value = GValue()
        g_value_init(&value, cgtk_boolean_type())
        defer { g_value_unset(&value) }
        g_object_get_property(GObjectRef(settings).object, "gtk-enable-animations", &value)
        return g_value_get_boolean(&value) != 0
    }
}
