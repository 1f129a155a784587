import CGtk
import GtkBridge

/// Shows the window's toasts (AdwToastOverlay). While any toast is up the table gets a bottom
/// inset as tall as the toast area, so the last row can still be scrolled clear of it; an
/// undo toast is withdrawn once its step has been undone or redone some other way (Ctrl+Z).
@MainActor
final class ToastPresenter {
    /// The height a toast covers at the bottom of the table: the toast and its margins.
    static let coveredHeight = 72.0

    private let overlay: GObjectRef
    /// Toasts on screen or queued; each is dropped when it is dismissed.
    private var shown: [GObjectRef] = []
    /// The toast offering to undo the last step, while it is up.
    private var undoToast: GObjectRef?
    /// Called with the bottom inset the table needs now.
    var onCoveredHeightChange: ((Double) -> Void)?

    init(overlay: GObjectRef) {
        self.overlay = overlay
    }

    /// A notice with an Undo button that runs `win.undo`.
    func showUndo(_ message: String) {
        let toast = adw_toast_new(message)!
        adw_toast_set_button_label(toast, "Undo")
        adw_toast_set_action_name(toast, "win.undo")
        adw_toast_set_timeout(toast, 5)
        undoToast = present(toast)
        nameToastButtons(titled: "Undo")
    }

    /// libadwaita 1.2's toast button is labelled by its own child label and named after its
    /// title as well, so AT-SPI reads "Undo Undo"; one explicit name makes it read once.
    private func nameToastButtons(titled title: String) {
        var pending = [overlay.widget]
        while let widget = pending.popLast() {
            let node = GObjectRef(widget)
            if node.isA(gtk_button_get_type()), let label = gtk_button_get_label(node()), String(cString: label) == title,
                let parent = gtk_widget_get_parent(widget), String(cString: gtk_widget_get_css_name(parent)) == "toast"
            {
                gtk_accessible_reset_relation(node.opaque, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
                node.setAccessibleLabel(title)
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                pending.append(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
    }

    /// A plain notice.
    func show(_ message: String) {
        present(adw_toast_new(message)!)
    }

    /// The history moved (undo or redo): an offer to undo is out of date.
    func historyMoved() {
        guard let toast = undoToast else { return }
        undoToast = nil
        adw_toast_dismiss(toast())
    }

    @discardableResult
    private func present(_ toast: OpaquePointer) -> GObjectRef {
        let reference = GObjectRef(UnsafeMutableRawPointer(toast))
        // The overlay takes the floating reference; ours lasts until the toast is dismissed.
        g_object_ref(reference.pointer)
        reference.on("dismissed") { [weak self, reference] in self?.dismissed(reference) }
        shown.append(reference)
        adw_toast_overlay_add_toast(overlay(), toast)
        onCoveredHeightChange?(Self.coveredHeight)
        return reference
    }

    /// Once per toast: it leaves the list, and our reference goes after the signal has been
    /// emitted (dropping it inside the emission could finalize the toast under libadwaita).
    private func dismissed(_ toast: GObjectRef) {
        guard let index = shown.firstIndex(where: { $0.pointer == toast.pointer }) else { return }
        shown.remove(at: index)
        if undoToast?.pointer == toast.pointer { undoToast = nil }
        MainLoopSource.idle {
            g_object_unref(toast.pointer)
            return false
        }
        if shown.isEmpty { onCoveredHeightChange?(0) }
    }
}
