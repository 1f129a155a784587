import CGtk
import GtkBridge

/// Workaround, dated: libadwaita 1.6 and 1.7 measure a message dialog's large heading label
/// (one line, unwrapped) for its height at any width the dialog is measured at, narrower than
/// the heading too, and GTK then warns "Trying to measure GtkLabel … for width of N, but it
/// needs at least M" (a heading wider than the narrowest dialog: "Cannot open the rows file").
/// libadwaita shows that label only where it fits on one line, and otherwise its smaller,
/// wrapping twin. Bug: libadwaita issue 1025, came with the two-label heading in 1.6; fixed by
/// commit 34d32f5e, "alert/message-dialog: Fix warning with long heading", first released in
/// 1.8.0 (Debian 12 has 1.2.2, whose one heading label wraps; Debian 13 has 1.7.6).
///
/// The dialog is measured down to the narrower of the two labels' minimum widths, so where the
/// bug is both are given the same minimum: the large label ellipsizes, so it needs no more than
/// its "…", and each asks for the wider of the two minimums (a "…" or a character; a dialog is
/// far wider). The large label still shows only where its one line fits whole and the small one
/// wraps as before, so nothing drawn changes. Elsewhere this does nothing.
/// Without it, `test_launch.py::test_malformed_file_is_reported_and_left_untouched` fails on 1.7 with that warning.
@MainActor
enum MessageDialogHeadingMeasure {
    /// Whether the libadwaita the app runs on has the bug (checked at run time, not build time).
    static let isNeeded = adw_get_major_version() == 1 && (6..<8).contains(adw_get_minor_version())

    /// Keeps `dialog`'s heading labels from being measured narrower than they need, where the bug is.
    ///
    /// - Complexity: O(widgets in the dialog), once per dialog.
    static func apply(to dialog: GObjectRef) {
        guard isNeeded, let bin = descendant(of: dialog.widget, withCSSClass: "heading-bin"),
            let large = gtk_widget_get_first_child(bin), let small = gtk_widget_get_next_sibling(large),
            isLabel(large), isLabel(small)
        else { return }
        gtk_label_set_ellipsize(OpaquePointer(large), PANGO_ELLIPSIZE_END)
        var largeMinimum: Int32 = 0
        var smallMinimum: Int32 = 0
        gtk_widget_measure(large, GTK_ORIENTATION_HORIZONTAL, -1, &largeMinimum, nil, nil, nil)
        gtk_widget_measure(small, GTK_ORIENTATION_HORIZONTAL, -1, &smallMinimum, nil, nil, nil)
        let minimum = max(largeMinimum, smallMinimum)
        gtk_widget_set_size_request(large, minimum, -1)
        gtk_widget_set_size_request(small, minimum, -1)
    }

    private static func isLabel(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), gtk_label_get_type()) != 0
    }

    private static func descendant(of widget: UnsafeMutablePointer<GtkWidget>, withCSSClass name: String)
        -> UnsafeMutablePointer<GtkWidget>?
    {
        if gtk_widget_has_css_class(widget, name) != 0 { return widget }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let found = descendant(of: current, withCSSClass: name) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}
