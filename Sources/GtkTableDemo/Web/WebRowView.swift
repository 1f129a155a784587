import CGtk
import CWebKit
import GtkBridge
import TableModel

/// A web row (H1, H2): a live web view lent by the ``WebViewPool`` while it has one, and the
/// snapshot of the row's last rendering over it until that view has loaded and measured this
/// row (or instead of it, once the view is lent to another row). Its height comes from the
/// model, which took the document's height from the live view's fit.
@MainActor
final class WebRowView: ContainerLayout, RowContentView {
    private(set) var widget: GObjectRef!
    private let picture: GObjectRef
    private var badge: MarksBadge!
    private unowned let pool: WebViewPool
    /// The row shown, and its HTML.
    private(set) var rowID: RowID?
    private var html: String?
    /// The live view lent to this row, if any.
    private(set) var liveView: LiveWebView?
    /// The marks as the badge displays them.
    var badgeText: String { badge.text }
    /// Whether the row shows its live view (loaded and measured), not its snapshot.
    var showsLiveContent: Bool { liveView.map { $0.isReady && $0.rowID == rowID } ?? false }
    /// Whether the snapshot of the row's last rendering is drawn.
    var showsSnapshot: Bool { picture.isVisible }

    init(pool: WebViewPool) {
        self.pool = pool
        picture = GObjectRef(gtk_picture_new()!)
        gtk_widget_set_can_target(picture.widget, 0)
        widget = Container.make(cssName: "web-row", role: GTK_ACCESSIBLE_ROLE_GROUP, layout: self)
        gtk_widget_set_overflow(widget.widget, GTK_OVERFLOW_HIDDEN)
        picture.setParent(widget)
        picture.setVisible(false)
        badge = MarksBadge(parent: widget)
    }

    func bind(_ row: Row, model: any TableReading) {
        guard case .web(let html) = row.content else { return }
        badge.show(row)
        let sameContent = row.id == rowID && html == self.html
        // Bound again to what it shows, with its live view still lent: nothing to load. If the
        // model let go of the fit (the row was deleted and restored), the view tells it again.
        if sameContent, let liveView {
            if (try? model.webFit(of: row.id)) == nil {
                MainLoopSource.idle { [weak liveView] in
                    liveView?.reportLastFit()
                    return false
                }
            }
            return
        }
        if !sameContent {
            pool.giveBack(from: self)
            rowID = row.id
            self.html = html
        }
        updateCover()
        pool.lend(to: self, row: row.id, html: html)
    }

    /// The pool lent `view` for this row: it goes under the snapshot until it is ready.
    func adopt(_ view: LiveWebView) {
        liveView = view
        if gtk_widget_get_parent(view.view.widget) != widget.widget {
            gtk_widget_insert_before(view.view.widget, widget.widget, picture.widget)
        }
        updateCover()
        gtk_widget_queue_allocate(widget.widget)
    }

    /// The pool takes `view` back (for another row): the snapshot stands in for it.
    func release(_ view: LiveWebView) {
        guard liveView === view else { return }
        view.view.unparent()
        liveView = nil
        updateCover()
    }

    /// The live view measured this row: it shows instead of the snapshot.
    func liveViewFitted() {
        updateCover()
    }

    /// A snapshot of this row was kept; shown only when the live view is not ready.
    func snapshotTaken() {
        updateCover()
    }

    private func updateCover() {
        let texture = rowID.flatMap { pool.snapshot(of: $0) }
        let covered = !showsLiveContent && texture != nil
        gtk_picture_set_paintable(picture(), covered ? texture.map { OpaquePointer($0.pointer) } : nil)
        picture.setVisible(covered)
        gtk_widget_queue_allocate(widget.widget)
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
        if let liveView {
            liveView.view.place(x: padX, y: padY, width: contentWidth, height: contentHeight, in: container, parentWidth: width)
        }
        if picture.isVisible, let paintable = gtk_picture_get_paintable(picture()) {
            let pictureWidth = gdk_paintable_get_intrinsic_width(paintable)
            let pictureHeight = gdk_paintable_get_intrinsic_height(paintable)
            picture.place(x: padX, y: padY, width: max(1, pictureWidth), height: max(1, pictureHeight), in: container, parentWidth: width)
        }
        badge.place(in: container, width: width, height: height)
    }
}
