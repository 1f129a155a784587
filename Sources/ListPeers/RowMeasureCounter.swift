import CGtk
import GtkBridge

/// Counts rows measured by GTK: a row counts once for each frame in which its vertical size
/// request was computed (GTK caches size requests, so a measure call reaching a row is a
/// re-measure). This is the peers' side of our model's per-row measure counts.
@MainActor
final class RowMeasureCounter {
    private(set) var count = 0

    /// Records that `row` is measured now; `lastFrame` is the row's own memory of the frame
    /// it was last counted in.
    func rowMeasured(_ row: GObjectRef, lastFrame: inout Int) {
        let frame = GObjectRef(gtk_widget_get_frame_clock(row.widget)).map { gdk_frame_clock_get_frame_counter($0.opaque) } ?? -1
        guard frame != lastFrame || frame < 0 else { return }
        lastFrame = frame
        count += 1
    }
}
