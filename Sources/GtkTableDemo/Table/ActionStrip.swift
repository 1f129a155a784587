import CGtk
import GtkBridge
import TableModel

/// One side's swipe actions behind a row: real buttons, icon above title, each in its colour
/// (S1). The strip is as wide as the row has been dragged; the buttons share that width in
/// proportion to their natural widths, so a rubber-banded drag stretches them evenly.
/// A closed strip is not child-visible, so GTK neither allocates, measures nor draws it; its
/// buttons stay in the accessibility tree, so assistive technology reaches every action
/// without dragging (S7).
///
/// A strip keeps every button it has built, one per distinct action (a handful: the model's
/// swipe configurations name few), and shows those a row needs: rebinding a cell to a row
/// with other actions builds, styles and measures no new button once each has been seen.
@MainActor
final class ActionStrip: ContainerLayout {
    enum Side { case left, right }

    private(set) var widget: GObjectRef!
    /// The shown buttons, in left-to-right order.
    private var buttons: [GObjectRef] = []
    /// Every button built so far, by its action; those not shown are hidden.
    private var built: [SwipeAction: GObjectRef] = [:]
    /// Each button's width from the model, in left-to-right order.
    private var widths: [Double] = []
    private var shown: [SwipeAction] = []
    /// Whether the strip is child-visible (GTK's default for a new widget).
    private var isOpen = true
    /// The idle source that runs `keepReachable` (`keepReachableSoon`), while one is pending.
    private var reachabilitySoon: UInt32?
    let side: Side
    /// Called with the index of the clicked action, counted from the row's edge inwards.
    var onActivate: ((Int) -> Void)?

    init(side: Side) {
        self.side = side
        widget = Container.make(cssName: "swipe-actions", role: GTK_ACCESSIBLE_ROLE_GROUP, layout: self)
        widget.addCSSClass(side == .left ? "left" : "right")
        gtk_widget_set_overflow(widget.widget, GTK_OVERFLOW_HIDDEN)
        // A strip destroyed with its window has nothing left to keep reachable.
        widget.on("destroy") { [weak self] in
            guard let self, let pending = self.reachabilitySoon else { return }
            MainLoopSource.remove(pending)
            self.reachabilitySoon = nil
        }
    }

    /// Shows `actions`, ordered from the row's edge inwards, at the model's `widths`.
    func show(_ actions: [SwipeAction], widths: [Double]) {
        let leftToRight = side == .left ? Array(zip(actions, widths)) : Array(zip(actions, widths).reversed())
        self.widths = leftToRight.map(\.1)
        guard actions != shown else { return }
        shown = actions
        for (action, button) in built where !actions.contains(action) { gtk_widget_set_visible(button.widget, 0) }
        var previous: GObjectRef?
        buttons = leftToRight.map { action, _ in
            let button = built[action] ?? makeButton(action)
            built[action] = button
            gtk_widget_set_visible(button.widget, 1)
            // Sibling order is reading order: left to right, as drawn.
            gtk_widget_insert_after(button.widget, widget.widget, previous?.widget)
            previous = button
            return button
        }
        if !isOpen { keepReachableSoon() }
    }

    /// Opens the strip (child-visible, so GTK maps, allocates and draws it) or closes it.
    /// O(1) when `open` is unchanged; closing walks the strip's few widgets once.
    func setOpen(_ open: Bool) {
        guard open != isOpen else { return }
        isOpen = open
        widget.setChildVisible(open)
        if !open { keepReachableSoon() }
    }

    /// Runs `keepReachable` once the main loop is idle, never inside GTK's layout phase: a
    /// strip closes in its cell's allocation, and realizing widgets there could ask for a
    /// layout that GTK drops (see `AllocationGuard`).
    private func keepReachableSoon() {
        guard reachabilitySoon == nil else { return }
        reachabilitySoon = MainLoopSource.idle(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in
            guard let self else { return false }
            self.reachabilitySoon = nil
            if !self.isOpen { self.keepReachable(self.widget) }
            return false
        }
    }

    /// Keeps a closed strip's shown buttons, and what they hold, reachable by assistive
    /// technology (S7), on any GTK:
    /// - On GTK 4.18 an unmapped widget is hidden from it (`gtk_widget_unmap` sets the hidden
    ///   state, and a new widget starts hidden until mapped); GTK 4.8 hid only invisible ones.
    ///   A closed strip is unmapped, so each is marked as not hidden, as GTK 4.8 left them.
    /// - A button built while the strip is closed (Unflag, once a row is flagged) was never
    ///   mapped, so never realized, and GtkButton's activate does nothing on an unrealized
    ///   button: an AT-SPI click was lost. Each is realized, once the strip is in a window.
    private func keepReachable(_ node: GObjectRef) {
        node.setAccessibleHidden(false)
        if gtk_widget_get_realized(node.widget) == 0 && gtk_widget_get_root(node.widget) != nil {
            gtk_widget_realize(node.widget)
        }
        var child = gtk_widget_get_first_child(node.widget)
        while let current = child {
            if gtk_widget_get_visible(current) != 0 { keepReachable(GObjectRef(current)) }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        (0, orientation == GTK_ORIENTATION_HORIZONTAL ? Int32(widths.reduce(0, +).rounded()) : 0)
    }

    /// Buttons sit at proportional positions. While the strip is narrower than the actions'
    /// total width they keep their own widths and overlap, clipped by the strip, so they slide
    /// out from under each other; past it (rubber-banding) they stretch.
    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        let total = max(1, widths.reduce(0, +))
        var start = 0.0
        for (button, natural) in zip(buttons, widths) {
            let share = natural * Double(width) / total
            button.allocate(x: Int32(start.rounded()), y: 0, width: Int32(max(share, natural).rounded()), height: height)
            start += share
        }
    }

    /// A new button for `action`; a click reports the action's index among those shown then.
    private func makeButton(_ action: SwipeAction) -> GObjectRef {
        let button = GObjectRef(gtk_button_new()!)
        button.addCSSClass("swipe-action")
        button.addCSSClass(ActionColors.cssClass(for: action.color))
        if action.style == .destructive { button.addCSSClass("destructive") }
        gtk_widget_set_focusable(button.widget, 0)
        let column = GObjectRef(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!)
        gtk_widget_set_valign(column.widget, GTK_ALIGN_CENTER)
        let icon = GObjectRef(cgtk_presentation_image_new(action.iconName)!)
        let title = GObjectRef(gtk_label_new(action.title)!)
        gtk_box_append(column(), icon.widget)
        gtk_box_append(column(), title.widget)
        gtk_button_set_child(button(), column.widget)
        button.setAccessibleLabel(action.title)
        button.setParent(widget)
        button.on("clicked") { [weak self] in
            guard let self, let index = self.shown.firstIndex(of: action) else { return }
            self.onActivate?(index)
        }
        return button
    }
}
