import CGtk

/// A realized window rendered by its own renderer from the render nodes GTK keeps for its
/// widgets: what its last frame showed, unless a redraw is pending.
public enum WindowRendering {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    /// The window as a texture (+1 reference: the caller unrefs it).
    @MainActor public static func texture(of window: GObjectRef) throws(Failure) -> OpaquePointer {
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
        return texture
    }

    /// A texture's pixels, row after row, 4 bytes each (GDK's memory format).
    /// - Complexity: O(pixels).
    public static func pixels(ofTexture texture: OpaquePointer) -> [UInt8] {
        let width = Int(gdk_texture_get_width(texture))
        let height = Int(gdk_texture_get_height(texture))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        return bytes
    }
}
