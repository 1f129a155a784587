import CGtk
import GtkBridge

/// What a web row draws over its live view until that view shows the row (H2): the snapshot
/// of the row's last rendering at its own size, or, with none, the page's canvas colour in the
/// app's style (``WebPageStyle/canvas``). It draws
/// nothing once the live view has measured the row. Changing what it draws only queues a
/// redraw, never a resize, so a row can change it while GTK allocates the table.
@MainActor
final class WebSnapshotCover: ContainerDrawing {
    private(set) var widget: GObjectRef!
    /// The texture drawn (a `GdkTexture`), if any.
    private var texture: GObjectRef?
    /// The colour drawn under the texture, or alone without one.
    private var canvas = WebPageStyle.light.canvas
    /// Whether anything is drawn.
    private(set) var isCovering = false

    init() {
        widget = Container.make(cssName: "web-snapshot", role: GTK_ACCESSIBLE_ROLE_PRESENTATION, layout: self)
        gtk_widget_set_can_target(widget.widget, 0)
        gtk_widget_set_overflow(widget.widget, GTK_OVERFLOW_HIDDEN)
    }

    /// Covers with `texture` over `canvas` (the canvas alone when `texture` is nil), or draws
    /// nothing when `covering` is false.
    func show(covering: Bool, texture: GObjectRef?, canvas: GdkRGBA) {
        let sameCanvas = canvas.red == self.canvas.red && canvas.green == self.canvas.green && canvas.blue == self.canvas.blue
        guard covering != isCovering || texture?.pointer != self.texture?.pointer || !sameCanvas else { return }
        isCovering = covering
        self.texture = covering ? texture : nil
        self.canvas = canvas
        gtk_widget_queue_draw(widget.widget)
    }

    /// Whether a snapshot (not the plain page colour) is drawn.
    var showsSnapshot: Bool { isCovering && texture != nil }

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        (0, 0)
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {}

    func snapshot(_ container: GObjectRef, _ snapshot: OpaquePointer) {
        guard isCovering else { return }
        let width = Float(gtk_widget_get_width(container.widget))
        let height = Float(gtk_widget_get_height(container.widget))
        var area = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: width, height: height))
        gtk_snapshot_append_color(snapshot, &canvas, &area)
        guard let texture else { return }
        let paintable = OpaquePointer(texture.pointer)
        var drawn = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0),
            size: graphene_size_t(width: Float(gdk_texture_get_width(paintable)), height: Float(gdk_texture_get_height(paintable))))
        gtk_snapshot_append_texture(snapshot, paintable, &drawn)
    }
}
