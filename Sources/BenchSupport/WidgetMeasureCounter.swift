import CGtk
import GtkBridge

/// Counts rows measured by GTK, the same way in every program (ours and the peers): a row
/// counts once for each frame in which its row widget's vertical measure vfunc ran. GTK
/// caches size requests, so a call that reaches the vfunc is a real (re-)measure.
@MainActor
public final class WidgetMeasureCounter {
    public private(set) var count = 0

    public init() {}

    /// Records that `row` is measured now; `lastFrame` is the row's own memory of the frame
    /// it was last counted in (start it at -1).
    ///
    /// - Complexity: O(1).
    public func rowMeasured(_ row: GObjectRef, lastFrame: inout Int) {
        let frame = GObjectRef(gtk_widget_get_frame_clock(row.widget)).map { gdk_frame_clock_get_frame_counter($0.opaque) } ?? -1
        guard frame != lastFrame || frame < 0 else { return }
        lastFrame = frame
        count += 1
    }
}
