import CGtk
import GtkBridge

/// About Table Demo (P2): libadwaita's about window, over the main window.
@MainActor
enum AboutWindow {
    /// Every word the window shows besides the app's name, in one place.
    enum Words {
        /// The metainfo's summary and developer, and its homepage.
        static var comments: String { tr("A table of notes, toggles and grids that never jumps") }
        static var developer: String { tr("The GtkTableDemo developers") }
        /// Translators put their names here, one a line (GNOME's convention).
        static var translators: String { tr("translator-credits") }
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
        // The translators of the user's language, as their catalogue names them.
        if Words.translators != "translator-credits" { adw_about_window_set_translator_credits(about(), Words.translators) }
        gtk_window_present(about())
    }
}
