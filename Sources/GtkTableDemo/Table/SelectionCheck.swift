import CGtk
import GtkBridge

/// A row's check box in selection mode (E3): shown at the row's leading edge, where the
/// content gives up room (as a list's edit mode does), ticked when the row is selected.
/// A click anywhere on the row toggles it (the row's own click gesture), so the box itself
/// takes no pointer input or focus; assistive technology reads the row's selected state.
///
/// Invariant: the box is child-visible exactly in selection mode, and active exactly when
/// the row it is bound to is selected.
@MainActor
struct SelectionCheck {
    let button: GObjectRef
    /// The width the box takes at the row's leading edge in selection mode; the content,
    /// laid out that much narrower, starts after it.
    static let room: Int32 = 40
    /// The height of the band the box is centred in: a row's shortest height.
    static let band: Int32 = 45

    init(parent: GObjectRef) {
        button = GObjectRef(gtk_check_button_new()!)
        gtk_widget_set_can_target(button.widget, 0)
        gtk_widget_set_focusable(button.widget, 0)
        button.addCSSClass("selection-check")
        button.setParent(parent)
        button.setAccessibleHidden(true)
        button.setChildVisible(false)
    }

    /// Whether the box is shown and ticked, read from GTK (the state file's witness).
    var isShown: Bool { button.isChildVisible }
    var isActive: Bool { gtk_check_button_get_active(button()) != 0 }

    /// Shows the box when `selecting`, ticked when `selected`.
    func show(selecting: Bool, selected: Bool) {
        if isShown != selecting { button.setChildVisible(selecting) }
        if isActive != selected { gtk_check_button_set_active(button(), selected ? 1 : 0) }
    }

    /// Places the box in the leading `room` px of a row `width` wide and `height` tall.
    func place(in row: GObjectRef, width: Int32, height: Int32) {
        guard isShown else { return }
        let size = button.measure(GTK_ORIENTATION_HORIZONTAL).natural
        let boxHeight = button.measure(GTK_ORIENTATION_VERTICAL, forSize: size).natural
        let y = max(0, (min(height, Self.band) - boxHeight) / 2)
        button.place(x: max(0, (Self.room - size) / 2), y: y, width: size, height: boxHeight, in: row, parentWidth: width)
    }
}
