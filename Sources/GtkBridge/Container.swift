import CGtk

/// Decides, in Swift, how big a `Container` wants to be and where its children go.
///
/// The container retains its layout (through object data) until it is finalized, so a
/// layout object lives exactly as long as its widget. Layouts refer back to their widget
/// without owning it.
@MainActor public protocol ContainerLayout: AnyObject {
    /// Minimum and natural size along `orientation`, given `forSize` (-1 when unknown) across it.
    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32)
    /// Places the children inside `width` × `height` with `gtk_widget_size_allocate`.
    func allocate(_ container: GObjectRef, width: Int32, height: Int32)
    /// The widget is being disposed: drop extra references to widgets outside the tree.
    func containerWillDispose(_ container: GObjectRef)
}

extension ContainerLayout {
    public func containerWillDispose(_ container: GObjectRef) {}
}

/// A `ContainerLayout` that also draws the widget itself, in place of GTK's default snapshot
/// (which only draws the children). Whether a class draws is decided when its CSS name is
/// first registered, so containers that do not draw pay nothing.
@MainActor public protocol ContainerDrawing: ContainerLayout {
    /// Appends the widget's own render nodes to `snapshot` (a `GtkSnapshot`), in its coordinates.
    func snapshot(_ container: GObjectRef, _ snapshot: OpaquePointer)
}

/// GtkWidget subclasses whose measure and size-allocate are forwarded to a `ContainerLayout`.
/// One GType is registered per CSS name, with its own accessible role.
///
/// This gives the table exact control of child geometry (rows at model-computed y) without
/// a layout manager fighting it, and disposes children properly like any GTK container.
@MainActor public enum Container {
    private static var registeredTypes: [String: GType] = [:]

    /// A new floating container widget of the class registered for `cssName`. With
    /// `scrollable`, the class implements GtkScrollable (see `ScrollableLayout`), and the
    /// layout must conform to `ScrollableLayout`. A layout that is `ContainerDrawing` draws.
    public static func make(cssName: String, role: GtkAccessibleRole, layout: ContainerLayout, scrollable: Bool = false) -> GObjectRef {
        let type = registeredType(cssName: cssName, role: role, scrollable: scrollable, draws: layout is ContainerDrawing)
        let widget = GObjectRef(g_object_new_with_properties(type, 0, nil, nil)!)
        let box = HandlerBox<ContainerLayout>(layout)
        g_object_set_qdata_full(widget.object, layoutQuark, box.retainedPointer()) { data in
            if let data { releaseHandlerBox(data) }
        }
        return widget
    }

    private static func registeredType(cssName: String, role: GtkAccessibleRole, scrollable: Bool, draws: Bool) -> GType {
        if let type = registeredTypes[cssName] { return type }
        var query = GTypeQuery()
        g_type_query(gtk_widget_get_type(), &query)
        let classData = ClassData(cssName: cssName, role: role, scrollable: scrollable, draws: draws).retained()
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.instance_size = guint16(query.instance_size)
        info.class_init = classInit
        info.class_data = UnsafeRawPointer(classData)
        let typeName = "Gtd" + cssName.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        let type = g_type_register_static(gtk_widget_get_type(), typeName, &info, GTypeFlags(0))
        if scrollable { Scrollable.addInterface(to: type) }
        registeredTypes[cssName] = type
        return type
    }
}

/// What a registered class needs to know in `class_init`; kept alive for the process, like the class.
private final class ClassData {
    let cssName: String
    let role: GtkAccessibleRole
    let scrollable: Bool
    let draws: Bool
    init(cssName: String, role: GtkAccessibleRole, scrollable: Bool, draws: Bool) {
        self.cssName = cssName
        self.role = role
        self.scrollable = scrollable
        self.draws = draws
    }
    func retained() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }
}

private let layoutQuark: GQuark = g_quark_from_static_string("gtd-container-layout")

/// GtkWidget's own dispose, chained to after our children are unparented. Set once, in the
/// first `class_init`, on the main thread, before any instance exists.
nonisolated(unsafe) private var widgetDispose: (@convention(c) (UnsafeMutablePointer<GObject>?) -> Void)?

@MainActor func layout(of widget: GObjectRef) -> ContainerLayout? {
    guard let data = g_object_get_qdata(widget.object, layoutQuark) else { return nil }
    return HandlerBox<ContainerLayout>.from(data).handler
}

private let classInit: GClassInitFunc = { klass, classData in
    guard let klass, let classData else { return }
    let data = Unmanaged<ClassData>.fromOpaque(classData).takeUnretainedValue()
    let objectClass = klass.assumingMemoryBound(to: GObjectClass.self)
    if widgetDispose == nil {
        let parent = g_type_class_peek_parent(klass)!.assumingMemoryBound(to: GObjectClass.self)
        widgetDispose = parent.pointee.dispose
    }
    objectClass.pointee.dispose = { object in
        guard let object else { return }
        let container = GObjectRef(object)
        MainActor.assumeIsolated {
            layout(of: container)?.containerWillDispose(container)
            while let child = gtk_widget_get_first_child(container.widget) { gtk_widget_unparent(child) }
        }
        widgetDispose?(object)
    }
    let widgetClass = klass.assumingMemoryBound(to: GtkWidgetClass.self)
    widgetClass.pointee.get_request_mode = { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH }
    widgetClass.pointee.measure = { widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
        let container = GObjectRef(widget!)
        let size = MainActor.assumeIsolated {
            layout(of: container)?.measure(container, orientation: orientation, forSize: forSize) ?? (minimum: 0, natural: 0)
        }
        minimum?.pointee = size.minimum
        natural?.pointee = size.natural
        minimumBaseline?.pointee = -1
        naturalBaseline?.pointee = -1
    }
    widgetClass.pointee.size_allocate = { widget, width, height, _ in
        let container = GObjectRef(widget!)
        MainActor.assumeIsolated { layout(of: container)?.allocate(container, width: width, height: height) }
    }
    if data.scrollable { Scrollable.installProperties(in: objectClass) }
    if data.draws {
        widgetClass.pointee.snapshot = { widget, snapshot in
            guard let widget, let snapshot else { return }
            let container = GObjectRef(widget)
            let target = GObjectRef(snapshot)  // a GtkSnapshot is a GObject; the ref carries it across
            MainActor.assumeIsolated { (layout(of: container) as? ContainerDrawing)?.snapshot(container, target()) }
        }
    }
    gtk_widget_class_set_css_name(widgetClass, data.cssName)
    gtk_widget_class_set_accessible_role(widgetClass, data.role)
}
