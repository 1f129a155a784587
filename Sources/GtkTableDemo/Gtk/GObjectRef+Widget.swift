import CGtk
import GtkBridge

/// Short, typed spellings of the GTK widget calls the table makes many times.
extension GObjectRef {
    func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
    func setCSSClass(_ name: String, _ on: Bool) { on ? addCSSClass(name) : removeCSSClass(name) }

    func setVisible(_ visible: Bool) { gtk_widget_set_visible(widget, visible ? 1 : 0) }
    var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }

    func setParent(_ parent: GObjectRef) { gtk_widget_set_parent(widget, parent.widget) }
    func unparent() { gtk_widget_unparent(widget) }

    /// Minimum and natural size along `orientation` for `forSize` across it (-1: unknown).
    func measure(_ orientation: GtkOrientation, forSize: Int32 = -1) -> (minimum: Int32, natural: Int32) {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(widget, orientation, forSize, &minimum, &natural, nil, nil)
        return (minimum, natural)
    }

    /// Gives the widget its box in its parent's coordinates, never smaller than it can draw in.
    func allocate(x: Int32, y: Int32, width: Int32, height: Int32) {
        let minimumWidth = measure(GTK_ORIENTATION_HORIZONTAL).minimum
        let safeWidth = max(width, minimumWidth)
        let minimumHeight = measure(GTK_ORIENTATION_VERTICAL, forSize: safeWidth).minimum
        var box = GtkAllocation(x: x, y: y, width: safeWidth, height: max(height, minimumHeight))
        gtk_widget_size_allocate(widget, &box, -1)
    }

    /// Allocates the widget at a box given for left-to-right, mirrored inside `parent` (whose
    /// width is `parentWidth`) when `parent` lays out right to left.
    func place(x: Int32, y: Int32, width: Int32, height: Int32, in parent: GObjectRef, parentWidth: Int32) {
        let rightToLeft = gtk_widget_get_direction(parent.widget) == GTK_TEXT_DIR_RTL
        allocate(x: rightToLeft ? parentWidth - x - width : x, y: y, width: width, height: height)
    }

    /// Hides the widget from assistive technology (an idle pooled row), or shows it again.
    func setAccessibleHidden(_ hidden: Bool) {
        var values = [GValue()]
        g_value_init(&values[0], cgtk_boolean_type())
        g_value_set_boolean(&values[0], hidden ? 1 : 0)
        var state = GTK_ACCESSIBLE_STATE_HIDDEN
        gtk_accessible_update_state_value(opaque, 1, &state, &values)
        g_value_unset(&values[0])
    }

    func setAccessibleLabel(_ label: String) {
        setAccessibleString(GTK_ACCESSIBLE_PROPERTY_LABEL, label)
    }

    /// What assistive technology reads after the widget's name.
    func setAccessibleDescription(_ description: String) {
        setAccessibleString(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description)
    }

    private func setAccessibleString(_ property: GtkAccessibleProperty, _ value: String) {
        var values = [GValue()]
        g_value_init(&values[0], cgtk_string_type())
        g_value_set_string(&values[0], value)
        var property = property
        gtk_accessible_update_property_value(opaque, 1, &property, &values)
        g_value_unset(&values[0])
    }
}

extension GObjectRef {
    /// Turns off this widget's own scroll controllers (a GtkScrolledWindow's wheel and
    /// touchpad scrolling), so scrolls over it go on to its ancestors. Its adjustments still
    /// move when set from code.
    ///
    /// - Complexity: O(controllers on the widget).
    func stopTakingScrolls() {
        guard let observed = gtk_widget_observe_controllers(widget) else { return }
        let controllers = OwnedObject(adopting: observed)
        for index in 0..<g_list_model_get_n_items(controllers.ref.opaque) {
            guard let item = g_list_model_get_item(controllers.ref.opaque, index) else { continue }
            let controller = OwnedObject(adopting: GObjectRef(item))
            if controller.ref.isA(gtk_event_controller_scroll_get_type()) {
                gtk_event_controller_set_propagation_phase(controller.ref(), GTK_PHASE_NONE)
            }
        }
    }
}

extension GObjectRef {
    /// Appends `child` to this GtkBox.
    func append(_ child: GObjectRef) { gtk_box_append(self(), child.widget) }
}
