import CGtk

extension GObjectRef {
    /// Asks GTK to allocate this widget and every ancestor up to the window again (nothing is
    /// measured again). Each is then allocated by its parent's own allocation, never skipped,
    /// so a resize a descendant asks for while they are allocated cannot be left on one of them
    /// cut off from the window (see `TableView.setNeedsLayout`).
    ///
    /// - Complexity: O(depth of the widget in its window).
    @MainActor public func queueAllocationUpToWindow() {
        var level: UnsafeMutablePointer<GtkWidget>? = widget
        while let current = level {
            gtk_widget_queue_allocate(current)
            level = gtk_widget_get_parent(current)
        }
    }
}
