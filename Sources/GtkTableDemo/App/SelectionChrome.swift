import CGtk
import GtkBridge
import TableModel

/// The window's part in selection mode (E3), as GNOME apps have it: a Select button in the
/// header bar enters the mode; in it the header bar takes the selection style, its title says
/// how many rows are selected ("12 rows selected"), a Cancel button leaves, and an action bar
/// at the bottom offers the batch actions: Flag, Unflag, Done, Not Done, Pin, Unpin, Delete.
///
/// Invariant: after ``show(selecting:title:count:)``, Select is shown exactly out of the mode,
/// Cancel and the action bar exactly in it, and the batch buttons are sensitive exactly when
/// a row is selected (Pin only up to ``Table/batchMarkLimit`` rows).
@MainActor
final class SelectionChrome {
    /// Every word selection mode shows, in one place, translated (P5).
    enum Words {
        static var select: String { tr("Select") }
        static var selectTooltip: String { tr("Select rows (Ctrl+click a row)") }
        static var cancel: String { tr("Cancel") }
        static var cancelTooltip: String { tr("Leave selection mode (Escape)") }
        static var delete: String { tr("Delete") }
        static var marks: [(BatchMark, on: Bool, title: String)] {
            [(.flag, true, tr("Flag")), (.flag, false, tr("Unflag")), (.done, true, tr("Done")), (.done, false, tr("Not Done")),
             (.pin, true, tr("Pin")), (.pin, false, tr("Unpin"))]
        }
        static var pinTooMany: String {
            trn("Pin works on at most {count} row at once", "Pin works on at most {count} rows at once", Table.batchMarkLimit)
        }
        /// The header bar's title in the mode: "Select rows", "1 row selected", "12 rows selected".
        static func title(selected count: Int) -> String {
            // TRANSLATORS: the header bar's title; at the narrowest window (480 px), beside
            // Cancel, it has room for about 14 characters.
            count == 0 ? tr("Select rows") : trn("{count} row selected", "{count} rows selected", count)
        }
    }

    let actionBar: GObjectRef
    private let header: GObjectRef
    private let title: GObjectRef
    private let selectButton: GObjectRef
    private let cancelButton: GObjectRef
    private let deleteButton: GObjectRef
    private var markButtons: [GObjectRef] = []
    /// What the buttons ask for; the window forwards it to the table.
    var onEnter: (() -> Void)?
    var onLeave: (() -> Void)?
    var onAction: ((TableController.BatchAction) -> Void)?

    /// Adds the Select and Cancel buttons to `header` (whose title widget is `title`) and
    /// makes the action bar, for the window to place below the table.
    init(header: GObjectRef, title: GObjectRef) {
        self.header = header
        self.title = title
        selectButton = GObjectRef(gtk_button_new_from_icon_name("selection-mode-symbolic")!)
        gtk_widget_set_tooltip_text(selectButton.widget, Words.selectTooltip)
        selectButton.setAccessibleLabel(Words.select)
        cancelButton = GObjectRef(gtk_button_new_with_label(Words.cancel)!)
        gtk_widget_set_tooltip_text(cancelButton.widget, Words.cancelTooltip)
        cancelButton.setVisible(false)
        adw_header_bar_pack_end(header(), selectButton.widget)
        adw_header_bar_pack_end(header(), cancelButton.widget)

        actionBar = GObjectRef(gtk_action_bar_new()!)
        actionBar.setVisible(false)
        deleteButton = GObjectRef(gtk_button_new_with_label(Words.delete)!)
        deleteButton.addCSSClass("destructive-action")
        // Two lines, so the bar fits the narrowest window (480 px) without widening it:
        // Flag and Done on the first, Pin and Delete on the second.
        let lines = GObjectRef(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!)
        var line: GObjectRef?
        for (index, entry) in Words.marks.enumerated() {
            let button = GObjectRef(gtk_button_new_with_label(entry.title)!)
            button.on("clicked") { [weak self] in self?.onAction?(.mark(entry.0, on: entry.on)) }
            if index % 4 == 0 {
                let next = GObjectRef(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!)
                lines.append(next)
                line = next
            }
            // Each mark and its reverse sit together, linked.
            if index % 2 == 0 {
                let linked = GObjectRef(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!)
                linked.addCSSClass("linked")
                line?.append(linked)
            }
            if let pair = line.flatMap({ gtk_widget_get_last_child($0.widget) }) { GObjectRef(pair).append(button) }
            markButtons.append(button)
        }
        gtk_widget_set_hexpand(deleteButton.widget, 1)
        gtk_widget_set_halign(deleteButton.widget, GTK_ALIGN_END)
        line?.append(deleteButton)
        gtk_widget_set_hexpand(lines.widget, 1)
        gtk_action_bar_pack_start(actionBar(), lines.widget)

        selectButton.on("clicked") { [weak self] in self?.onEnter?() }
        cancelButton.on("clicked") { [weak self] in self?.onLeave?() }
        deleteButton.on("clicked") { [weak self] in self?.onAction?(.delete) }
    }

    /// Shows the mode's chrome, or hides it, with `title` for the header bar.
    ///
    /// - Complexity: O(1).
    func show(selecting: Bool, title text: String, count: Int) {
        selectButton.setVisible(!selecting)
        cancelButton.setVisible(selecting)
        actionBar.setVisible(selecting)
        header.setCSSClass("selection-mode", selecting)
        adw_window_title_set_title(title(), text)
        gtk_widget_set_sensitive(deleteButton.widget, count > 0 ? 1 : 0)
        for ((mark, _, _), button) in zip(Words.marks, markButtons) {
            let tooMany = count > Table.batchMarkLimit && !Table.canMarkInLayer(mark)
            gtk_widget_set_sensitive(button.widget, count > 0 && !tooMany ? 1 : 0)
            gtk_widget_set_tooltip_text(button.widget, tooMany ? Words.pinTooMany : nil)
        }
    }

    /// What the chrome shows, read from its widgets, for the state file: each button's
    /// label, whether it is mapped and sensitive, and its box.
    func automationFacts(in window: GObjectRef) -> [String: Any] {
        var buttons: [[String: Any]] = []
        for (name, button) in [("Select", selectButton), ("Cancel", cancelButton), ("Delete", deleteButton)]
            + zip(Words.marks.map(\.title), markButtons).map({ ($0, $1) }) {
            var facts: [String: Any] = [
                "name": name, "shown": gtk_widget_get_mapped(button.widget) != 0,
                "sensitive": gtk_widget_is_sensitive(button.widget) != 0,
            ]
            if let bounds = AutomationState.windowBounds(of: button, in: window) { facts["bounds"] = bounds }
            buttons.append(facts)
        }
        return ["buttons": buttons, "selectionStyle": gtk_widget_has_css_class(header.widget, "selection-mode") != 0]
    }
}
