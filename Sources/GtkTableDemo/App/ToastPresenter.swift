import CGtk
import GtkBridge

/// Shows the window's toasts (AdwToastOverlay). While any toast is up the table gets a bottom
/// inset as tall as the toast area, so the last row can still be scrolled clear of it; an
/// undo toast is withdrawn once its step has been undone or redone some other way (Ctrl+Z).
///
/// One toast at a time. On libadwaita before 1.3 each is given to the overlay only once the
/// one before has finished hiding, and the presenter's own dismissals (Ctrl+Z withdrawing an
/// undo offer) wait until its show is over: see `ToastShowPacing`.
///
/// The presenter's timers (a show's wait, a hide's poll) read the overlay, so they end when
/// the overlay is destroyed: GLib runs the sources that are due once more after the window has
/// gone, and a poll then read the destroyed overlay (a GTK critical on a quick quit).
@MainActor
final class ToastPresenter {
    /// How long an undo toast stays up, in seconds, unless the step is undone or redone (P4):
    /// long enough to read what it undoes and reach its button.
    static let undoTimeoutSeconds: UInt32 = 10
    /// The height a toast with a one-line title covers at the bottom of the table: the toast
    /// and its margins. A title that wraps adds its further lines.
    static let coveredHeight = 72.0

    /// The overlay, until it is destroyed.
    private var overlay: GObjectRef?
    /// Toasts not yet given to the overlay, oldest first, with our reference.
    private var waiting: [OwnedObject] = []
    /// The toast on the overlay, until it is dismissed, and when it was given to it (µs).
    private var current: OwnedObject?
    private var currentSince: gint64 = 0
    /// The wait for the current toast's show to end before the presenter dismisses it.
    private var showWait: UInt32?
    /// The poll for a dismissed toast's hide to end; while it runs, the next toast waits.
    private var hidingPoll: UInt32?
    /// The toast offering to undo the last step, while it is up or waiting.
    private var undoToast: GObjectRef?
    /// Called with the bottom inset the table needs now.
    var onCoveredHeightChange: ((Double) -> Void)?

    /// Called when a toast goes on the overlay or leaves it (the state file writes again).
    var onShownChange: (() -> Void)?

    /// The title of the toast on the overlay, read from its title label, for the state file.
    var shownTitle: String? {
        current.flatMap { adw_toast_get_custom_title($0.ref.opaque) }.flatMap { gtk_label_get_text(OpaquePointer($0)) }
            .map { String(cString: $0) }
    }

    /// No toast is up, waiting, or hiding, and no timer of the presenter's is pending: nothing
    /// it shows changes until the next notice.
    ///
    /// - Complexity: O(1).
    var isQuiet: Bool { current == nil && waiting.isEmpty && showWait == nil && hidingPoll == nil }

    init(overlay: GObjectRef) {
        self.overlay = overlay
        overlay.on("destroy") { [weak self] in self?.overlayDestroyed() }
    }

    /// A notice saying what `win.undo` would undo, with an Undo button that runs it. An
    /// earlier offer still up is out of date (Undo would now undo this step): it goes first.
    func showUndo(_ message: String) {
        historyMoved()
        let toast = Self.toast(saying: message)
        adw_toast_set_button_label(toast, tr("Undo"))
        adw_toast_set_action_name(toast, "win.undo")
        adw_toast_set_timeout(toast, Self.undoTimeoutSeconds)
        undoToast = present(toast)
    }

    /// libadwaita 1.2's toast button is labelled by its own child label and named after its
    /// title as well, so AT-SPI reads "Undo Undo"; one explicit name makes it read once.
    private func nameToastButtons(titled title: String, on overlay: GObjectRef) {
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

    /// A notice with a button that runs `action` (such as Show for a row moved out of view).
    func show(_ message: String, button: String, action: @escaping @MainActor () -> Void) {
        let toast = Self.toast(saying: message)
        adw_toast_set_button_label(toast, button)
        adw_toast_set_timeout(toast, Self.undoTimeoutSeconds)
        GObjectRef(UnsafeMutableRawPointer(toast)).on("button-clicked", action)
        present(toast)
    }

    /// A plain notice.
    func show(_ message: String) {
        present(Self.toast(saying: message))
    }

    /// The widest a toast's title grows before it wraps, in average characters: with the
    /// toast's button and margins, it fits the narrowest window (360 px).
    private static let titleWidthChars: Int32 = 32

    /// A toast whose title wraps: libadwaita 1.2's own title label is one ellipsized line,
    /// which cut a long message ("That row could not be read…") at the 480 px window's edge.
    private static func toast(saying message: String) -> OpaquePointer {
        let toast = adw_toast_new("")!
        let label = GObjectRef(gtk_label_new(message)!)
        gtk_label_set_wrap(label(), 1)
        gtk_label_set_wrap_mode(label(), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(label(), 0)
        // The overlay gives a toast its natural width, even past the window's edge.
        gtk_label_set_max_width_chars(label(), Self.titleWidthChars)
        label.addCSSClass("heading")
        adw_toast_set_custom_title(toast, label.widget)
        return toast
    }

    /// How much taller than one line the toast's title is at the width the overlay gives it
    /// (its natural width), measured once the title is in the window, with its style.
    private static func wrappedLinesHeight(of toast: GObjectRef) -> Double {
        guard let title = adw_toast_get_custom_title(toast.opaque) else { return 0 }
        let label = GObjectRef(title)
        let width = label.measure(GTK_ORIENTATION_HORIZONTAL).natural
        let wrapped = label.measure(GTK_ORIENTATION_VERTICAL, forSize: width).natural
        let oneLine = label.measure(GTK_ORIENTATION_VERTICAL, forSize: 100_000).natural
        return Double(max(0, wrapped - oneLine))
    }

    /// The history moved (undo or redo): an offer to undo is out of date.
    func historyMoved() {
        guard let toast = undoToast else { return }
        undoToast = nil
        if let index = waiting.firstIndex(where: { $0.ref == toast }) {
            waiting.remove(at: index)
            coverIfShowing()
        } else {
            dismissAfterItsShow(toast)
        }
    }

    /// Dismisses the toast on the overlay once its show animation is over. The wait ends
    /// early if the toast is dismissed some other way, or the overlay goes.
    private func dismissAfterItsShow(_ toast: GObjectRef) {
        let wait = currentSince + ToastShowPacing.showMicroseconds - g_get_monotonic_time()
        guard ToastShowPacing.isNeeded, wait > 0 else { return adw_toast_dismiss(toast.opaque) }
        showWait = MainLoopSource.timeout(milliseconds: UInt32(wait / 1000) + 1) { [weak self] in
            self?.showWait = nil
            adw_toast_dismiss(toast.opaque)
            return false
        }
    }

    @discardableResult
    private func present(_ toast: OpaquePointer) -> GObjectRef? {
        // Ours (the one the toast was made with) lasts until the toast is dismissed or dropped.
        let owned = OwnedObject(adopting: toast)
        guard overlay != nil else { return nil }
        let reference = owned.ref
        reference.on("dismissed") { [weak self, reference] in self?.dismissed(reference) }
        waiting.append(owned)
        onCoveredHeightChange?(Self.coveredHeight)
        showNext()
        return reference
    }

    /// Gives the oldest waiting toast to the overlay, if no toast is up or hiding.
    private func showNext() {
        guard let overlay, current == nil, hidingPoll == nil, !waiting.isEmpty else { return }
        let toast = waiting.removeFirst()
        current = toast
        currentSince = g_get_monotonic_time()
        // The overlay takes a reference of its own.
        adw_toast_overlay_add_toast(overlay(), OpaquePointer(g_object_ref(toast.ref.pointer)))
        onCoveredHeightChange?(Self.coveredHeight + Self.wrappedLinesHeight(of: toast.ref))
        onShownChange?()
        if let label = adw_toast_get_button_label(toast.ref.opaque) {
            nameToastButtons(titled: String(cString: label), on: overlay)
        }
    }

    /// Once per toast: our reference goes after the signal has been emitted (dropping it
    /// inside the emission could finalize the toast under libadwaita), and the next toast
    /// waits for this one's hide to end.
    private func dismissed(_ toast: GObjectRef) {
        guard let owned = current, owned.ref == toast else { return }
        current = nil
        onShownChange?()
        if undoToast?.pointer == toast.pointer { undoToast = nil }
        if let showWait { MainLoopSource.remove(showWait) }
        showWait = nil
        // The idle keeps our reference until it runs, after the emission.
        MainLoopSource.idle { withExtendedLifetime(owned) { false } }
        if let overlay, ToastShowPacing.isNeeded {
            hidingPoll = MainLoopSource.timeout(milliseconds: ToastShowPacing.hidingPollMilliseconds) { [weak self] in
                guard let self else { return false }
                guard !ToastShowPacing.overlayShowsAToast(overlay) else { return true }
                self.hidingPoll = nil
                self.showNext()
                return false
            }
        } else {
            showNext()
        }
        coverIfShowing()
    }

    /// The overlay is going with its window: the timers that would read it end, and our
    /// references to its toasts go.
    private func overlayDestroyed() {
        overlay = nil
        for source in [showWait, hidingPoll].compactMap({ $0 }) { MainLoopSource.remove(source) }
        showWait = nil
        hidingPoll = nil
        waiting.removeAll()
        current = nil
        undoToast = nil
    }

    /// The table's inset goes when no toast is up or waiting.
    private func coverIfShowing() {
        if current == nil, waiting.isEmpty { onCoveredHeightChange?(0) }
    }
}
