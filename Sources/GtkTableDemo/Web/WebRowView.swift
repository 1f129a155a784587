import CGtk
import CWebKit
import GtkBridge
import TableModel

/// A web row (H1, H2): a live web view lent by the ``WebViewPool`` while it has one, and over
/// it, until that view has loaded and measured this row, the snapshot of the row's last
/// rendering (``WebSnapshotCover``), which also stands in once the view is lent to another
/// row. Its height comes from the model, which took the document's height from a fit.
///
/// Binding changes only what the cover draws (a redraw): the live view is moved in or out
/// from an idle source, never while GTK allocates the table.
@MainActor
final class WebRowView: ContainerLayout, RowContentView {
    private(set) var widget: GObjectRef!
    private let cover = WebSnapshotCover()
    private var badge: MarksBadge!
    private unowned let pool: WebViewPool
    /// The row shown, and its HTML.
    private(set) var rowID: RowID?
    private var html: String?
    /// The live view lent to this row view (it may still show the row bound before).
    private(set) var liveView: LiveWebView?
    /// The marks as the badge displays them.
    var badgeText: String { badge.text }
    /// Whether the row shows its live view (loaded and measured), not its snapshot.
    var showsLiveContent: Bool { liveView.map { $0.isReady && $0.rowID == rowID } ?? false }
    /// Whether the snapshot of the row's last rendering is drawn.
    var showsSnapshot: Bool { cover.showsSnapshot }

    init(pool: WebViewPool) {
        self.pool = pool
        widget = Container.make(cssName: "web-row", role: GTK_ACCESSIBLE_ROLE_GROUP, layout: self)
        gtk_widget_set_overflow(widget.widget, GTK_OVERFLOW_HIDDEN)
        cover.widget.setParent(widget)
        badge = MarksBadge(parent: widget)
        widget.on("map") { [weak pool] in pool?.hostShownOrHidden() }
        widget.on("unmap") { [weak pool] in pool?.hostShownOrHidden() }
    }

    func bind(_ row: Row, model: any TableReading) {
        guard case .web(let html) = row.content else { return }
        badge.show(row)
        let sameContent = row.id == rowID && html == self.html
        // Bound again to what it shows, with its live view still lent: nothing to load. If the
        // model let go of the fit (the row was deleted and restored), the view tells it again.
        if sameContent, let liveView, liveView.rowID == row.id {
            if (try? model.webFit(of: row.id)) == nil {
                MainLoopSource.idle { [weak liveView] in
                    liveView?.reportLastFit()
                    return false
                }
            }
            return
        }
        rowID = row.id
        self.html = html
        updateCover()
        pool.lend(to: self, row: row.id, html: html)
    }

    /// The pool lent `view` for this row: it goes under the cover until it is ready.
    func adopt(_ view: LiveWebView) {
        liveView = view
        if gtk_widget_get_parent(view.view.widget) != widget.widget {
            gtk_widget_insert_before(view.view.widget, widget.widget, cover.widget.widget)
        }
        updateCover()
        gtk_widget_queue_allocate(widget.widget)
    }

    /// The pool takes `view` back (for another row): the cover stands in for it.
    func release(_ view: LiveWebView) {
        guard liveView === view else { return }
        view.view.unparent()
        liveView = nil
        updateCover()
    }

    /// The cell goes away: the live view goes back to the pool (it outlives this row view's
    /// widgets), and nothing lent later finds this view showing a row.
    func willBeDestroyed() {
        rowID = nil
        html = nil
        pool.giveBack(from: self)
    }

    /// The live view measured this row: it shows instead of the snapshot.
    func liveViewFitted() {
        updateCover()
    }

    /// A snapshot of this row was kept, or every snapshot was dropped (the text scale or the
    /// page style changed): the cover draws what the pool now has (only while the live view
    /// is not ready).
    func snapshotsChanged() {
        updateCover()
    }

    private func updateCover() {
        cover.show(covering: !showsLiveContent, texture: rowID.flatMap { pool.snapshot(of: $0) }, canvas: pool.pageStyle.canvas)
    }

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        (0, 0)
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        let metrics = RowStyle.metrics.web
        let padX = Int32(metrics.paddingX)
        let padY = Int32(metrics.paddingY)
        let contentWidth = Int32(metrics.contentWidth(forRowWidth: Double(width)))
        let contentHeight = max(1, height - 2 * padY)
        liveView?.view.place(x: padX, y: padY, width: contentWidth, height: contentHeight, in: container, parentWidth: width)
        cover.widget.place(x: padX, y: padY, width: contentWidth, height: contentHeight, in: container, parentWidth: width)
        badge.place(in: container, width: width, height: height)
    }
}
