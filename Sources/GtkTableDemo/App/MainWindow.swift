import CGtk
import Foundation
import GtkBridge

/// The application window: a header bar with the title and a Done button (SPEC N6), and the
/// table inside a toast overlay (for the undo toast).
@MainActor
final class MainWindow {
    let window: GObjectRef
    private let toastOverlay: GObjectRef
    private let options: LaunchOptions
    /// Non-zero when the window could not show the user's data (the process exit status).
    private(set) var exitStatus: Int32?

    init(application: GObjectRef, options: LaunchOptions) {
        self.options = options
        window = GObjectRef(adw_application_window_new(application.as(GtkApplication.self))!)
        gtk_window_set_title(window.as(GtkWindow.self), "GtkTableDemo")
        gtk_window_set_default_size(window.as(GtkWindow.self), options.width, options.height)

        let header = GObjectRef(adw_header_bar_new()!)
        let done = GObjectRef(gtk_button_new_with_label("Done")!)
        gtk_widget_set_tooltip_text(done.widget, "End editing (Escape)")
        adw_header_bar_pack_end(header.opaque, done.widget)
        toastOverlay = GObjectRef(adw_toast_overlay_new()!)
        gtk_widget_set_vexpand(toastOverlay.widget, 1)

        let column = GObjectRef(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!)
        gtk_box_append(column.as(GtkBox.self), header.widget)
        gtk_box_append(column.as(GtkBox.self), toastOverlay.widget)
        adw_application_window_set_content(window.as(AdwApplicationWindow.self), column.widget)
        done.on("clicked") { [weak self] in self?.endEditing() }
    }

    func present() { gtk_window_present(window.as(GtkWindow.self)) }
    func close() { gtk_window_close(window.as(GtkWindow.self)) }

    /// Ends text editing: focus leaves the text view (SPEC N6).
    func endEditing() {
        gtk_window_set_focus(window.as(GtkWindow.self), nil)
    }

    /// Saves pending edits; called when the application shuts down.
    func flushBeforeQuit() {}
}
