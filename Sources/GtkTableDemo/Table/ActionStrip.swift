import CGtk
import GtkBridge

/// One side's swipe actions behind a row: real buttons, icon above title, each in its colour
/// (S1). The strip is as wide as the row has been dragged; the buttons share that width in
/// proportion to their natural widths, so a rubber-banded drag stretches them evenly.
/// A closed strip is allocated zero width: its buttons stay in the accessibility tree, so
/// assistive technology reaches every action without dragging (S7).
@MainActor
final class ActionStrip: ContainerLayout {
    struct Action {
        let title: String
        let iconName: String
        /// A CSS class naming the colour (`red`, `orange`, `blue`, `green`, …).
        let colorClass: String
        let isDestructive: Bool
    }

    private(set) var widget: GObjectRef!
    private var buttons: [GObjectRef] = []
    private var shownActions: [Action] = []
    /// True for the strip at the row's leading edge.
    let isLeading: Bool
    var onActivate: ((Int) -> Void)?

    init(isLeading: Bool) {
        self.isLeading = isLeading
        widget = Container.make(cssName: "swipe-actions", role: GTK_ACCESSIBLE_ROLE_GROUP, layout: self)
        widget.addCSSClass(isLeading ? "leading" : "trailing")
        gtk_widget_set_overflow(widget.widget, GTK_OVERFLOW_HIDDEN)
    }

    /// Shows `actions`, reusing buttons where the actions are the same.
    func show(_ actions: [Action]) {
        guard actions.map(\.title) != shownActions.map(\.title) || actions.map(\.colorClass) != shownActions.map(\.colorClass)
        else { return }
        buttons.forEach { $0.unparent() }
        buttons = actions.enumerated().map { index, action in makeButton(action, index: index) }
        shownActions = actions
    }

    /// The width the strip needs to show every action at its natural width.
    var naturalWidth: Int32 {
        buttons.reduce(0) { $0 + $1.measure(GTK_ORIENTATION_HORIZONTAL).natural }
    }

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        (0, orientation == GTK_ORIENTATION_HORIZONTAL ? naturalWidth : 0)
    }

    /// Buttons sit at proportional positions. While the strip is narrower than its natural
    /// width they keep their natural widths and overlap, clipped by the strip, so they slide
    /// out from under each other; past it (rubber-banding) they stretch.
    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        let naturals = buttons.map { $0.measure(GTK_ORIENTATION_HORIZONTAL).natural }
        let total = Double(max(1, naturals.reduce(0, +)))
        var start = 0.0
        for (button, natural) in zip(buttons, naturals) {
            let share = Double(natural) * Double(width) / total
            button.allocate(x: Int32(start.rounded()), y: 0, width: max(Int32(share.rounded()), natural), height: height)
            start += share
        }
    }

    private func makeButton(_ action: Action, index: Int) -> GObjectRef {
        let button = GObjectRef(gtk_button_new()!)
        button.addCSSClass("swipe-action")
        button.addCSSClass(action.colorClass)
        if action.isDestructive { button.addCSSClass("destructive") }
        gtk_widget_set_focusable(button.widget, 0)
        let column = GObjectRef(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!)
        gtk_widget_set_valign(column.widget, GTK_ALIGN_CENTER)
        let icon = GObjectRef(gtk_image_new_from_icon_name(action.iconName)!)
        let title = GObjectRef(gtk_label_new(action.title)!)
        gtk_box_append(column.as(GtkBox.self), icon.widget)
        gtk_box_append(column.as(GtkBox.self), title.widget)
        gtk_button_set_child(button.as(GtkButton.self), column.widget)
        button.setAccessibleLabel(action.title)
        button.setParent(widget)
        button.on("clicked") { [weak self] in self?.onActivate?(index) }
        return button
    }
}
