import CGtk

/// Works out, now, every style a change has left pending under a widget: the table calls it
/// in its layout pass, after binding cells and moving the focus, before it places them.
///
/// Why: GTK restyles a window in the frame's update phase, before layout. A state or class
/// changed later, in the layout pass (a cell bound, a row given the focus), is worked out
/// on demand while the frame is drawn, from whichever widget asks first; a widget that asks
/// restyles its earlier siblings and its parent's too. The redraw such a restyle requests for
/// a widget already drawn in this frame stops at its parent, which is being drawn
/// (`gtk_widget_queue_draw` stops at a widget that already needs drawing, and the parent
/// marks itself drawn once done): the frame keeps the old drawing, and later requests for
/// that widget or anything in it stop there too. Seen as a focus ring left on a row the focus
/// had left (issue 19). Restyled here, in the layout pass, the redraws reach the window, and
/// a size the new style changes is allocated in this same pass.
///
/// - Complexity: O(w) for the w widgets under `root` that are mapped; a style already
///   worked out costs a lookup.
@MainActor
enum PendingStyles {
    static func settle(under root: UnsafeMutablePointer<GtkWidget>) {
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            if gtk_widget_get_mapped(current) != 0 {
                var color = GdkRGBA()
                gtk_style_context_get_color(gtk_widget_get_style_context(current), &color)
                settle(under: current)
            }
            child = gtk_widget_get_next_sibling(current)
        }
    }
}
