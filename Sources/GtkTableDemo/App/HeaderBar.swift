import CGtk
import Foundation
import GtkBridge

/// The window's header bar (P1, N6, P2): the app's name with the open rows database as its
/// subtitle, the main menu, and an End Editing button that is shown only while a note is
/// being edited.
///
/// Invariant: the button is visible exactly when the last `setEditing(_:)` said a note is
/// edited. Its label is not "Done", so it cannot be read as the row action that marks a row
/// done (S6).
@MainActor
final class HeaderBar {
    /// Every word the header bar shows, in one place (for translation later).
    enum Words {
        static var appName: String { tr("Table Demo") }
        static var sampleData: String { tr("Sample data — changes are not saved") }
        static var endEditing: String { tr("End Editing") }
        static var endEditingTooltip: String { tr("End editing (Escape)") }
    }

    let widget: GObjectRef
    let title: GObjectRef
    private let endEditing: GObjectRef
    private let mainMenu = MainMenu.makeButton()
    /// Runs when the End Editing button is clicked.
    var onEndEditing: (() -> Void)?

    init() {
        widget = GObjectRef(adw_header_bar_new()!)
        title = GObjectRef(adw_window_title_new(Words.appName, nil)!)
        adw_header_bar_set_title_widget(widget(), title.widget)
        // Packed first, so it is the outermost at the end, as GNOME's primary menus are.
        adw_header_bar_pack_end(widget(), mainMenu.widget)
        endEditing = GObjectRef(gtk_button_new_with_label(Words.endEditing)!)
        endEditing.addCSSClass("suggested-action")
        gtk_widget_set_tooltip_text(endEditing.widget, Words.endEditingTooltip)
        // A click ends editing and leaves the focus on the row, not on the button (N10).
        gtk_widget_set_focus_on_click(endEditing.widget, 0)
        endEditing.setVisible(false)
        adw_header_bar_pack_end(widget(), endEditing.widget)
        Self.nameParts(endEditing: endEditing)
        endEditing.on("clicked") { [weak self] in self?.onEndEditing?() }
    }

    /// Names the open rows: the database file's name, or, for the sample data shown because
    /// the user's file could not be opened (`path` nil), that changes are not kept.
    ///
    /// - Complexity: O(length of `path`).
    func showDatabase(path: String?) {
        let subtitle = path.map { URL(fileURLWithPath: $0).lastPathComponent } ?? Words.sampleData
        adw_window_title_set_subtitle(title(), subtitle)
    }

    /// Shows the End Editing button while a note is being edited, and hides it otherwise.
    ///
    /// - Complexity: O(1); GTK queues a resize only when the visibility changes.
    func setEditing(_ editing: Bool) {
        if endEditing.isVisible != editing { endEditing.setVisible(editing) }
    }

    /// What the header bar shows, read from its widgets, for the state file: the title and
    /// subtitle, the End Editing button's label and box while it is mapped, and the main menu
    /// button's box.
    func automationFacts(in window: GObjectRef) -> [String: Any] {
        var button: [String: Any] = ["shown": gtk_widget_get_mapped(endEditing.widget) != 0]
        if let label = gtk_button_get_label(endEditing()) { button["label"] = String(cString: label) }
        if let bounds = AutomationState.windowBounds(of: endEditing, in: window) { button["bounds"] = bounds }
        var menu: [String: Any] = [:]
        if let bounds = AutomationState.windowBounds(of: mainMenu, in: window) { menu["bounds"] = bounds }
        return [
            "title": String(cString: adw_window_title_get_title(title())),
            "subtitle": adw_window_title_get_subtitle(title()).map { String(cString: $0) } ?? "",
            "endEditing": button,
            "mainMenu": menu,
            "titleLabels": titleLabels(in: window),
        ]
    }

    /// The window title's mapped labels (the title and the subtitle): each one's text and its
    /// box as GTK placed it, in window coordinates. O(the title's few widgets).
    private func titleLabels(in window: GObjectRef) -> [[String: Any]] {
        var labels: [[String: Any]] = []
        var pending = [title.widget]
        while let widget = pending.popLast() {
            guard gtk_widget_get_mapped(widget) != 0 else { continue }
            if GObjectRef(widget).isA(gtk_label_get_type()), let bounds = AutomationState.windowBounds(of: GObjectRef(widget), in: window) {
                labels.append(["text": String(cString: gtk_label_get_text(OpaquePointer(widget))), "bounds": bounds])
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                pending.append(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        return labels
    }

    /// libadwaita 1.2's header bar packs its start and end widgets in boxes with no name, and
    /// its window title is one too; GTK 4.8 reads a widget with no name by its class, so a
    /// screen reader announced "AdwGizmo" and "AdwWindowTitle" (W12). The end box is the one
    /// whose packing box holds End Editing; the start box and the title are its siblings.
    private static func nameParts(endEditing: GObjectRef) {
        guard let packing = gtk_widget_get_parent(endEditing.widget), let end = gtk_widget_get_parent(packing),
            let centre = gtk_widget_get_parent(end)
        else { return }
        var child = gtk_widget_get_first_child(centre)
        while let part = child {
            let name = part == end ? "Header bar end" : part == gtk_widget_get_first_child(centre) ? "Header bar start" : "Window title"
            GObjectRef(part).setAccessibleLabel(name)
            child = gtk_widget_get_next_sibling(part)
        }
    }
}
