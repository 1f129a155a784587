import CGtk
import GtkBridge

/// Renders a realized window to a PNG with its own renderer, as the user would see it.
@MainActor
enum WindowScreenshot {
    static func save(_ window: GObjectRef, to path: String) throws(WindowRendering.Failure) {
        let texture = OwnedObject(adopting: try WindowRendering.texture(of: window))
        guard gdk_texture_save_to_png(texture.ref.opaque, path) != 0 else {
            throw WindowRendering.Failure(description: "cannot write \(path)")
        }
    }
}
