import CGtk
import GtkBridge

/// The labels GTK did not show whole, for the state file (P5: longer translations must not be
/// cut): each mapped label that ellipsizes and got less width than its text needs, or whose box
/// reaches past the left or right edge of its surface (the window, or a popover's own). A
/// witness of the allocation GTK made, read from the widgets themselves.
///
/// Wrapping labels are left out: their natural width is their unwrapped line.
@MainActor
enum CutLabels {
    /// Each such label's text, whether it was ellipsized, and its box in window coordinates.
    ///
    /// - Complexity: O(widgets in the window, popovers included).
    static func find(in window: GObjectRef) -> [[String: Any]] {
        var cut: [[String: Any]] = []
        var pending = [window.widget]
        while let widget = pending.popLast() {
            guard gtk_widget_get_mapped(widget) != 0 else { continue }
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), gtk_label_get_type()) != 0 {
                let label = OpaquePointer(widget)
                let ellipsized = isShortOfItsText(label)
                // Against its own surface: a popover's is not the window's.
                let native = gtk_widget_get_native(widget).map { GObjectRef(UnsafeMutableRawPointer($0)) } ?? window
                let width = Double(gtk_widget_get_width(native.widget))
                let box = ViewModelAgreement.bounds(of: GObjectRef(widget), in: native)
                let outside = box.map { $0.x < -0.5 || $0.x + $0.width > width + 0.5 } ?? false
                if ellipsized || outside {
                    var facts: [String: Any] = ["text": String(cString: gtk_label_get_text(label)), "ellipsized": ellipsized]
                    facts["bounds"] = AutomationState.windowBounds(of: GObjectRef(widget), in: window)
                    cut.append(facts)
                }
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                pending.append(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        return cut
    }

    /// Whether an ellipsizing, unwrapped label got less width than its whole text needs:
    /// the text laid out afresh in the label's font against the width GTK gave its content.
    /// The label's own layout is left alone (asking for it lays it out again).
    private static func isShortOfItsText(_ label: OpaquePointer) -> Bool {
        guard gtk_label_get_ellipsize(label) != PANGO_ELLIPSIZE_NONE, gtk_label_get_wrap(label) == 0 else { return false }
        let widget = UnsafeMutablePointer<GtkWidget>(label)
        guard let made = gtk_widget_create_pango_layout(widget, gtk_label_get_text(label)) else { return false }
        let layout = OwnedObject(adopting: made)
        pango_layout_set_attributes(layout.ref.opaque, gtk_label_get_attributes(label))
        var width: Int32 = 0
        pango_layout_get_pixel_size(layout.ref.opaque, &width, nil)
        return gtk_widget_get_width(widget) < width
    }
}
