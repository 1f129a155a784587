import CGtk
import GtkBridge

/// About Table Demo (P2): libadwaita's about window, over the main window.
@MainActor
enum AboutWindow {
    /// Every word the window shows besides the app's name, in one place.
    enum Words {
        /// The metainfo's summary and developer, and its homepage.
        static let comments = "A table of notes, toggles and grids that never jumps"
        static let developer = "The GtkTableDemo developers"
        static let website = "https://github.com/gtktabledemo/GtkTableDemo"
    }

    static func present(over window: GObjectRef) {
        let about = GObjectRef(adw_about_window_new()!)
        gtk_window_set_transient_for(about(), window())
        gtk_window_set_modal(about(), 1)
        adw_about_window_set_application_name(about(), HeaderBar.Words.appName)
        adw_about_window_set_application_icon(about(), DataLocation.appID)
        adw_about_window_set_developer_name(about(), Words.developer)
        adw_about_window_set_comments(about(), Words.comments)
        adw_about_window_set_website(about(), Words.website)
        gtk_window_present(about())
    }
}
