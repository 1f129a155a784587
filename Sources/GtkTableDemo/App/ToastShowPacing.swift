import CGtk
import GtkBridge

/// Workaround, dated: libadwaita before 1.3 frees a toast's record when its hide animation
/// ends, and a show animation still running then reads the freed record and crashes.
/// Upstream fix: libadwaita commit 1674ebc9, "toast-overlay: Prevent show_done from firing
/// after hide_done", first released in 1.3.0 (Debian 12 has 1.2.2, Debian 13 1.7.6).
///
/// A show outlasts a hide only when the toast replaces one still hiding (500 ms against
/// 300 ms), or when it is dismissed before its show has had a frame. So, where the bug is,
/// `ToastPresenter` gives the overlay a toast only once the last one's widget has left it,
/// and dismisses a toast itself only once its show is over. On libadwaita 1.3 and later
/// `isNeeded` is false and the presenter does neither.
/// `test_deleting_and_undoing_faster_than_a_toast_animates_never_crashes` drives the race.
@MainActor
enum ToastShowPacing {
    /// Whether the libadwaita the app runs on has the bug (checked at run time, not build time).
    static let isNeeded = adw_get_major_version() == 1 && adw_get_minor_version() < 3

    /// How often a hiding toast is looked for (its animation takes 300 ms).
    static let hidingPollMilliseconds: UInt32 = 50
    /// How long after it is given to the overlay a toast's show is surely over: the longest
    /// show (500 ms, replacing) and a margin of frames.
    static let showMicroseconds: gint64 = 550_000

    /// Whether a toast's widget is still on the overlay (shown or hiding): libadwaita removes
    /// it when the hide animation ends, right after it frees the toast's record.
    ///
    /// - Complexity: O(children of the overlay): its content and its toasts.
    static func overlayShowsAToast(_ overlay: GObjectRef) -> Bool {
        var child = gtk_widget_get_first_child(overlay.widget)
        while let current = child {
            if String(cString: gtk_widget_get_css_name(current)) == "toast" { return true }
            child = gtk_widget_get_next_sibling(current)
        }
        return false
    }
}
