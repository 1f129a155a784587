import CGtk
import Foundation
import GtkBridge

/// Loads `data/style.css` for the whole display (SPEC W7), above the theme.
@MainActor
enum StyleSheet {
    static func load(from url: URL) {
        guard FileManager.default.fileExists(atPath: url.path) else {
            FileHandle.standardError.write(Data("GtkTableDemo: style sheet \(url.path) is missing; using the theme only.\n".utf8))
            return
        }
        let provider = OwnedObject(adopting: gtk_css_provider_new()!)
        gtk_css_provider_load_from_path(provider.ref(), url.path)
        add(provider)
    }

    /// The fonts and paddings the table measures, from `RowStyle` (after the sheet, so they win).
    static func loadMeasuredRules() {
        let provider = OwnedObject(adopting: gtk_css_provider_new()!)
        gtk_css_provider_load_from_data(provider.ref(), RowStyle.measuredRulesCSS, -1)
        add(provider)
    }

    /// Puts `provider` on the display, which keeps a reference of its own.
    private static func add(_ provider: OwnedObject) {
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), provider.ref.opaque, guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
