import CGtk
import GtkBridge

/// The text resolution GTK lays fonts out at: `gtk-xft-dpi` / 1024, which GNOME's text
/// scaling factor sets (96 unscaled, 120 with Large Text), or 96 when nothing sets it.
/// It reports changes, and changes of `gtk-font-name`, so the table can measure again (W9).
@MainActor
final class TextResolution {
    private let settings: GObjectRef

    init() {
        settings = GObjectRef(gtk_settings_get_default()!)
    }

    var dpi: Double {
        var value = GValue()
        g_value_init(&value, cgtk_int_type())
        defer { g_value_unset(&value) }
        g_object_get_property(settings.object, "gtk-xft-dpi", &value)
        let scaled = g_value_get_int(&value)
        return scaled > 0 ? Double(scaled) / 1024 : 96
    }

    /// Calls `changed` after the text resolution or the font setting changed.
    func onChange(_ changed: @escaping @MainActor () -> Void) {
        settings.onNotify("gtk-xft-dpi", changed)
        settings.onNotify("gtk-font-name", changed)
    }
}
