import CGtk

extension GObjectRef {
    /// Queues a draw of this widget and of every widget below it, popovers included: each
    /// throws away the render node GTK kept for it, so the next frame snapshots all of them
    /// again where they are now (the pixel oracle's full redraw).
    ///
    /// - Complexity: O(widgets in the tree).
    @MainActor public func queueDrawOfWholeTree() {
        var pending = [widget]
        while let widget = pending.popLast() {
            gtk_widget_queue_draw(widget)
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                pending.append(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
    }
}
