import CGtk
import Foundation
import GtkBridge
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
            // Ours goes at the end of this block: the display keeps the provider.
            let provider = OwnedObject(adopting: gtk_css_provider_new()!)
            let css = "button.swipe-action.\(name) { background-color: \(color.cssHex); }"
            gtk_css_provider_load_from_data(provider.ref(), css, -1)
            gtk_style_context_add_provider_for_display(
                gdk_display_get_default(), provider.ref.opaque, guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        }
        return name
    }
}
