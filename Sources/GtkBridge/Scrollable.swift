import CGtk

/// A `ContainerLayout` whose widget implements GtkScrollable, so a GtkScrolledWindow can
/// hold it directly (no GtkViewport): the scrolled window hands the widget its adjustments,
/// draws the scrollbars, and turns wheel, touchpad, touchscreen and keyboard input into
/// adjustment values. The layout sets each adjustment's value, bounds and page size in its
/// own `allocate`, as GTK's list widgets do.
@MainActor public protocol ScrollableLayout: ContainerLayout {
    /// The widget was given a new adjustment for `orientation` (never nil: the widget makes
    /// one when it is given none). Called before the property change is notified.
    func adjustmentChanged(_ adjustment: GObjectRef, orientation: GtkOrientation)
}

/// The GtkScrollable side of `Container`: the interface, its four properties, and the state
/// behind them, which each widget keeps in object data (adjustments are held with a
/// reference, as GtkViewport holds them).
enum Scrollable {
    private enum Property: guint {
        case hadjustment = 1, vadjustment, hscrollPolicy, vscrollPolicy
    }

    /// Adds GtkScrollable to `type`; called once, right after `g_type_register_static`,
    /// before the class is initialized.
    static func addInterface(to type: GType) {
        var info = GInterfaceInfo(interface_init: nil, interface_finalize: nil, interface_data: nil)
        g_type_add_interface_static(type, gtk_scrollable_get_type(), &info)
    }

    /// A property's value, as Swift carries it across the main-actor boundary.
    private enum Value: Sendable {
        case adjustment(GObjectRef?)
        case policy(GtkScrollablePolicy)
    }

    /// Overrides the interface's properties and routes them to the widget's state; from `class_init`.
    static func installProperties(in objectClass: UnsafeMutablePointer<GObjectClass>) {
        objectClass.pointee.set_property = { object, id, value, _ in
            guard let object, let value, let property = Property(rawValue: id) else { return }
            let widget = GObjectRef(object)
            let given: Value =
                switch property {
                case .hadjustment, .vadjustment: .adjustment(g_value_get_object(value).map { GObjectRef($0) })
                case .hscrollPolicy, .vscrollPolicy: .policy(GtkScrollablePolicy(UInt32(g_value_get_enum(value))))
                }
            MainActor.assumeIsolated { Scrollable.set(property, of: widget, to: given) }
        }
        objectClass.pointee.get_property = { object, id, value, _ in
            guard let object, let value, let property = Property(rawValue: id) else { return }
            let widget = GObjectRef(object)
            switch MainActor.assumeIsolated({ Scrollable.get(property, of: widget) }) {
            case .adjustment(let adjustment): g_value_set_object(value, adjustment?.pointer)
            case .policy(let policy): g_value_set_enum(value, gint(policy.rawValue))
            }
        }
        g_object_class_override_property(objectClass, Property.hadjustment.rawValue, "hadjustment")
        g_object_class_override_property(objectClass, Property.vadjustment.rawValue, "vadjustment")
        g_object_class_override_property(objectClass, Property.hscrollPolicy.rawValue, "hscroll-policy")
        g_object_class_override_property(objectClass, Property.vscrollPolicy.rawValue, "vscroll-policy")
    }

    @MainActor private static func set(_ property: Property, of widget: GObjectRef, to value: Value) {
        let state = ScrollableState.of(widget)
        switch (property, value) {
        case (.hadjustment, .adjustment(let given)), (.vadjustment, .adjustment(let given)):
            let orientation = property == .hadjustment ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
            let adjustment = given ?? GObjectRef(gtk_adjustment_new(0, 0, 0, 0, 0, 0)!)
            state.hold(adjustment, orientation: orientation)
            (layout(of: widget) as? ScrollableLayout)?.adjustmentChanged(adjustment, orientation: orientation)
        case (.hscrollPolicy, .policy(let policy)):
            state.horizontalPolicy = policy
        case (.vscrollPolicy, .policy(let policy)):
            state.verticalPolicy = policy
        default:
            break
        }
    }

    @MainActor private static func get(_ property: Property, of widget: GObjectRef) -> Value {
        let state = ScrollableState.of(widget)
        switch property {
        case .hadjustment: return .adjustment(state.horizontal)
        case .vadjustment: return .adjustment(state.vertical)
        case .hscrollPolicy: return .policy(state.horizontalPolicy)
        case .vscrollPolicy: return .policy(state.verticalPolicy)
        }
    }
}

/// One scrollable widget's adjustments (each held with a reference, dropped when replaced or
/// when the widget is finalized) and scroll policies.
private final class ScrollableState {
    private(set) var horizontal: GObjectRef?
    private(set) var vertical: GObjectRef?
    var horizontalPolicy = GTK_SCROLL_MINIMUM
    var verticalPolicy = GTK_SCROLL_MINIMUM

    private static let quark: GQuark = g_quark_from_static_string("gtd-scrollable-state")

    /// The widget's state, made on first use and released with the widget.
    static func of(_ widget: GObjectRef) -> ScrollableState {
        if let data = g_object_get_qdata(widget.object, quark) {
            return Unmanaged<ScrollableState>.fromOpaque(data).takeUnretainedValue()
        }
        let state = ScrollableState()
        g_object_set_qdata_full(widget.object, quark, Unmanaged.passRetained(state).toOpaque()) { data in
            if let data { Unmanaged<ScrollableState>.fromOpaque(data).release() }
        }
        return state
    }

    func hold(_ adjustment: GObjectRef, orientation: GtkOrientation) {
        g_object_ref_sink(adjustment.pointer)
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            horizontal.map { g_object_unref($0.pointer) }
            horizontal = adjustment
        } else {
            vertical.map { g_object_unref($0.pointer) }
            vertical = adjustment
        }
    }

    deinit {
        horizontal.map { g_object_unref($0.pointer) }
        vertical.map { g_object_unref($0.pointer) }
    }
}
