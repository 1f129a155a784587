import CGtk
import GtkBridge

/// Counts rows measured by GTK, the same way in every program (ours and the peers): a row
/// counts once for each frame in which its row widget's vertical measure vfunc ran. GTK
/// caches size requests, so a call that reaches the vfunc is a real (re-)measure.
/// ``calls`` counts every vertical measure call besides, so calls ÷ count is how often GTK
/// measures one row in one frame.
@MainActor
public final class WidgetMeasureCounter {
    /// Rows measured, each row once per frame.
    public private(set) var count = 0
    /// Vertical measure calls that reached a row widget's vfunc.
    public private(set) var calls = 0

    public init() {}

    /// Records that `row` is measured now; `lastFrame` is the row's own memory of the frame
    /// it was last counted in (start it at -1).
    ///
    /// - Complexity: O(1).
    public func rowMeasured(_ row: GObjectRef, lastFrame: inout Int) {
        calls += 1
        let frame = GObjectRef(gtk_widget_get_frame_clock(row.widget)).map { gdk_frame_clock_get_frame_counter($0.opaque) } ?? -1
        guard frame != lastFrame || frame < 0 else { return }
        lastFrame = frame
        count += 1
    }
}
