import CGtk
import GtkBridge

/// Renders a realized window to a PNG with its own renderer, as the user would see it.
@MainActor
enum WindowScreenshot {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func save(_ window: GObjectRef, to path: String) throws(Failure) {
        let widget = window.widget
        let width = Float(gtk_widget_get_width(widget))
        let height = Float(gtk_widget_get_height(widget))
        guard width > 0, height > 0, let renderer = gtk_native_get_renderer(OpaquePointer(widget)) else {
            throw Failure(description: "the window is not realized yet")
        }
        let paintable = gtk_widget_paintable_new(widget)
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        g_object_unref(UnsafeMutableRawPointer(paintable))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { throw Failure(description: "the window drew nothing") }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: width, height: height))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else {
            throw Failure(description: "the renderer made no texture")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard gdk_texture_save_to_png(texture, path) != 0 else {
            throw Failure(description: "cannot write \(path)")
        }
    }
}
