import CGtk
import GtkBridge

/// The header bar's "New note" button (E1): an icon button at the start of the bar that
/// activates the window's `new-note` action, the same one Ctrl+N activates. Its icon has an
/// accessible name and a tooltip naming the shortcut (W12). A click leaves the keyboard focus
/// where it was, so the note goes after the row the user was on.
@MainActor
enum NewNoteButton {
    /// Every word the button shows, in one place (for translation later).
    enum Words {
        static var name: String { tr("New note") }
        static var tooltip: String { tr("New note (Ctrl+N)") }
    }

    /// The window action the button and Ctrl+N activate.
    static let actionName = "win.new-note"

    /// Adds the button to the start of `headerBar` (an `AdwHeaderBar`).
    static func add(to headerBar: GObjectRef) {
        let button = GObjectRef(gtk_button_new_from_icon_name("list-add-symbolic")!)
        gtk_widget_set_tooltip_text(button.widget, Words.tooltip)
        button.setAccessibleLabel(Words.name)
        gtk_widget_set_focus_on_click(button.widget, 0)
        gtk_actionable_set_action_name(OpaquePointer(button.pointer), actionName)
        adw_header_bar_pack_start(headerBar(), button.widget)
    }
}
