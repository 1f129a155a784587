import CGtk
import Foundation
import TableModel

/// Gives each swipe-action colour the model uses a CSS class, installing one rule per colour
/// the first time it is seen, so the model's colours (not a fixed palette) paint the buttons.
@MainActor
enum ActionColors {
    private static var installed: Set<String> = []

    static func cssClass(for color: SwipeColor) -> String {
        let hex = color.cssHex.trimmingCharacters(in: CharacterSet(charactersIn: "#"))
        let name = "action-\(hex)"
        if installed.insert(name).inserted {
            let provider = gtk_css_provider_new()!
            let css = "button.swipe-action.\(name) { background-color: \(color.cssHex); }"
            gtk_css_provider_load_from_data(provider, css, -1)
            gtk_style_context_add_provider_for_display(
                gdk_display_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            g_object_unref(provider)
        }
        return name
    }
}
