import CGtk
import GtkBridge

/// Workaround, dated: GTK 4.8 does not redraw a parent when one of its children is made
/// child-visible again at the allocation it had. Hiding a child (`gtk_widget_unmap`) queues a
/// draw of the child first, so the child keeps `draw_needed` set while it is hidden; showing it
/// again (`gtk_widget_map`) queues a draw of the child only, which stops at once at that flag.
/// The parent is told nothing and, unless something else moves or resizes under it, keeps the
/// render node it drew without the child: a pooled row cell taken back at the place it left,
/// or any swapped-in child, is then missing from the screen (or shows what was drawn there
/// before) until the parent is redrawn for another reason.
///
/// Upstream fix: `gtk_widget_map` queues the draw on the parent ("widget->draw_needed is
/// guaranteed to be TRUE here. Propagate it", gtk/gtkwidget.c). It is in 4.18.6 and not in
/// 4.8.3, the two GTKs this project runs on; the first release with it is not pinned, as
/// Debian carries none in between, so the gate is 4.18 and the workaround's only cost on
/// 4.10–4.16 is one draw of the parent that GTK already queued.
/// `test_a_child_shown_again_where_it_was_is_drawn` is its canary: a small GTK program shows
/// the bug and this cure on 4.8, and no bug on 4.18.
enum RemappedChildRedraw {
    /// Whether the GTK the app runs on has the bug (checked at run time, not build time).
    static let isNeeded = gtk_get_major_version() == 4 && gtk_get_minor_version() < 18
}

extension GObjectRef {
    /// Shows or hides the widget inside its parent (`gtk_widget_set_child_visible`), and where
    /// `RemappedChildRedraw` is needed, has the parent redraw when this showed the widget.
    ///
    /// - Complexity: O(depth) for the queued draw.
    @MainActor func setChildVisible(_ visible: Bool) {
        let wasMapped = gtk_widget_get_mapped(widget) != 0
        gtk_widget_set_child_visible(widget, visible ? 1 : 0)
        if RemappedChildRedraw.isNeeded, !wasMapped, gtk_widget_get_mapped(widget) != 0, let parent = gtk_widget_get_parent(widget) {
            gtk_widget_queue_draw(parent)
        }
    }

    /// Whether the widget is shown inside its parent.
    var isChildVisible: Bool { gtk_widget_get_child_visible(widget) != 0 }
}
