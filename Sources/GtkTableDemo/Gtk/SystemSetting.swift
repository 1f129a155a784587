import CGtk
import GtkBridge

/// Reads GtkSettings, which follow the desktop (XSETTINGS, the settings portal, settings.ini).
@MainActor
enum SystemSetting {
    /// A boolean setting such as `gtk-enable-animations`, or `fallback` when there is no display.
    static func boolean(_ name: String, fallback: Bool) -> Bool {
        guard let settings = gtk_settings_get_default() else { return fallback }
        var value = GValue()
        g_value_init(&value, cgtk_boolean_type())
        defer { g_value_unset(&value) }
        g_object_get_property(GObjectRef(settings).object, name, &value)
        return g_value_get_boolean(&value) != 0
    }
}
