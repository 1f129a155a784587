import CGtk
import GtkBridge

/// The header bar's primary menu (P2): Import Rows…, Export Rows…, Keyboard Shortcuts and
/// About Table Demo. Its items name window actions (`win.import-rows`, `win.export-rows`,
/// `win.show-help-overlay`, `win.about`) that `MainWindow` adds; F10 opens it (a primary menu).
@MainActor
enum MainMenu {
    /// Every word the menu shows, in one place (for translation later).
    enum Words {
        static var button: String { tr("Main Menu") }
        static var importRows: String { tr("_Import Rows…") }
        static var exportRows: String { tr("_Export Rows…") }
        static var shortcuts: String { tr("_Keyboard Shortcuts") }
        static var about: String { tr("_About Table Demo") }
    }

    /// The menu button, with the icon GNOME apps use for their primary menu.
    static func makeButton() -> GObjectRef {
        // Ours go when this returns: the menu keeps its sections, the button its menu.
        let rows = OwnedObject(adopting: g_menu_new()!)
        g_menu_append(rows.ref(), Words.importRows, "win.import-rows")
        g_menu_append(rows.ref(), Words.exportRows, "win.export-rows")
        let app = OwnedObject(adopting: g_menu_new()!)
        g_menu_append(app.ref(), Words.shortcuts, "win.show-help-overlay")
        g_menu_append(app.ref(), Words.about, "win.about")
        let menu = OwnedObject(adopting: g_menu_new()!)
        g_menu_append_section(menu.ref(), nil, rows.ref())
        g_menu_append_section(menu.ref(), nil, app.ref())
        let button = GObjectRef(gtk_menu_button_new()!)
        gtk_menu_button_set_icon_name(button(), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(button(), menu.ref())
        gtk_menu_button_set_primary(button(), 1)
        gtk_widget_set_tooltip_text(button.widget, Words.button)
        button.setAccessibleLabel(Words.button)
        return button
    }
}
