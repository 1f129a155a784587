import CGtk
import GtkBridge

/// Keeps a GtkScrolledWindow's scrollbar parts that mean nothing to a screen reader out of the
/// accessibility tree. GTK 4.8 presents every visible widget, and one with no name of its own
/// is read by its widget name, which defaults to its class: a scrollbar the scroll policy never
/// shows stays visible at 0×0 (the scrolled window only withholds its child visibility) and
/// is read as "GtkScrollbar", and inside every scrollbar its GtkRange, a generic widget, is
/// read as "GtkRange". The scrollbar itself carries the role and the value.
@MainActor
enum ScrollbarAccessibility {
    /// Hides the scrollbars of `scrolledWindow` whose policy never shows them, and the range
    /// inside the others. Call it once the policy is set.
    static func tidy(_ scrolledWindow: GObjectRef) {
        var horizontal = GTK_POLICY_AUTOMATIC
        var vertical = GTK_POLICY_AUTOMATIC
        gtk_scrolled_window_get_policy(scrolledWindow(), &horizontal, &vertical)
        let scrollbars = [
            (gtk_scrolled_window_get_hscrollbar(scrolledWindow()), horizontal),
            (gtk_scrolled_window_get_vscrollbar(scrolledWindow()), vertical),
        ]
        for case (let scrollbar?, let policy) in scrollbars {
            if policy == GTK_POLICY_NEVER || policy == GTK_POLICY_EXTERNAL {
                GObjectRef(scrollbar).setAccessibleHidden(true)
                continue
            }
            var child = gtk_widget_get_first_child(scrollbar)
            while let part = child {
                if GObjectRef(part).isA(gtk_range_get_type()) { GObjectRef(part).setAccessibleHidden(true) }
                child = gtk_widget_get_next_sibling(part)
            }
        }
    }
}
