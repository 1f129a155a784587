import CGtk
import CWebKit
import GtkBridge
import TableModel

/// The few live web views every web row shares (H2), and the snapshots rows show when they
/// have none. Nothing of WebKit exists until the first web row is shown, so a table without
/// web rows in view pays nothing (not even WebKit's processes).
///
/// Invariant: at most ``maximumLive`` views exist; each is lent to at most one row view; at
/// most ``maximumSnapshots`` snapshots are kept, the least recently taken dropped first; every
/// view reports its fits at ``textScale`` and draws its page in ``pageStyle``, and every
/// snapshot kept was taken at that scale and in that style.
@MainActor
final class WebViewPool {
    static let maximumLive = 3
    static let maximumSnapshots = 48

    /// A fit was measured for a row.
    var onFit: ((RowID, WebFit) -> Void)?
    /// What a web row draws changed without a model update (a snapshot arrived, the page
    /// was read): the table lays out again, so the state file sees it.
    var onRedrawNeeded: (() -> Void)?
    /// A link was clicked in a row: its URI.
    var onLinkClicked: ((String) -> Void)?
    private var sandbox: WebSandbox?
    private(set) var live: [LiveWebView] = []
    private var snapshots: [RowID: OwnedObject] = [:]
    private var snapshotOrder: [RowID] = []
    private var lendCount: UInt64 = 0
    /// The text scaling factor WebKit zooms pages by (1 unscaled).
    private(set) var textScale: Double = 1
    /// The style pages are drawn in (the app's light or dark style).
    private(set) var pageStyle: WebPageStyle = .light
    /// The row views lent a view so far that still exist, to tell them when snapshots go.
    private var hosts: [WeakHost] = []

    private struct WeakHost {
        weak var host: WebRowView?
    }

    /// What is still to come, one entry per row, in words (the state file's `unsettledBy`
    /// names them, so a test that waits in vain can say which row held it and at which
    /// stage): rows asked for but not yet queued (their idle, or the content filter, is still
    /// to come), rows waiting for a view, and views lent to a row that have not yet loaded
    /// and measured it, whether that row is shown or not. Rows asked for count only while the
    /// filter can still be compiled: when it cannot, web rows stay blank for good and nothing
    /// is pending. Empty when nothing is.
    ///
    /// - Complexity: O(requests + ``maximumLive``).
    var pending: [String] {
        var pending: [String] = []
        if sandbox?.failure == nil {
            for request in asking.values where request.host?.rowID == request.id { pending.append("web row \(request.id) asked for") }
        }
        for request in waiting where request.isWanted { pending.append("web row \(request.id) waiting for a view") }
        for view in live where !view.isReady {
            guard let host = view.host, let id = view.rowID else { continue }
            let shown = gtk_widget_get_mapped(host.widget.widget) != 0
            pending.append("web row \(id) \(view.stage)" + (shown ? "" : ", not shown"))
        }
        return pending
    }

    /// Requests made by ``lend(to:row:html:)`` whose idle source has not yet queued them, by
    /// a number of their own, so the state file never reports settled before they are.
    private var asking: [UInt64: Request] = [:]
    private var askCount: UInt64 = 0

    /// The window is closing and its row widgets are being destroyed: no view belongs to a row
    /// any more, no row waits, and nothing lent later reaches a row view. WebKit's answers
    /// still under way (a fit, a snapshot) then find no row to show them.
    func close() {
        for view in live { view.host = nil }
        hosts.removeAll()
        waiting.removeAll()
        asking.removeAll()
        isClosed = true
    }

    /// Set by `close`: from then on nothing is lent.
    private var isClosed = false

    /// The snapshot of row `id`'s last rendering, if one was taken.
    func snapshot(of id: RowID) -> GObjectRef? { snapshots[id]?.ref }

    /// Lends a live view to `host` for row `id` with `html`: the view that already shows that
    /// content if any, else a new one while fewer than ``maximumLive`` exist, else the least
    /// recently lent view that can go without loss (its row is not shown, or its snapshot is
    /// current: that row falls back to its snapshot). With none such, `host` waits for one.
    /// The host gets its view through ``WebRowView/adopt(_:)``.
    ///
    /// It never runs inside the table's allocation (where rows are bound): a view joins
    /// its row from an idle source, so no widget is added to a row GTK is allocating.
    ///
    /// - Complexity: O(``maximumLive`` + waiting rows).
    func lend(to host: WebRowView, row id: RowID, html: String) {
        let sandbox = self.sandbox ?? WebSandbox()
        self.sandbox = sandbox
        hosts.removeAll { $0.host == nil }
        if !hosts.contains(where: { $0.host === host }) { hosts.append(WeakHost(host: host)) }
        askCount += 1
        let ask = askCount
        asking = asking.filter { $0.value.host != nil }
        if sandbox.failure == nil { asking[ask] = Request(host: host, id: id, html: html) }
        MainLoopSource.idle { [weak self, weak host] in
            sandbox.whenReady { [weak self, weak host] in
                self?.asking[ask] = nil
                guard let self, !self.isClosed, let host, host.rowID == id else { return }
                // A view still showing the row this host showed before goes back to the pool.
                if let view = host.liveView, view.rowID != id || view.html != html { self.giveBack(from: host) }
                self.waiting.append(Request(host: host, id: id, html: html))
                self.serveWaiting()
            }
            return false
        }
    }

    /// A row view was shown or hidden: a view lent to a row no longer shown can go to a row
    /// that waits for one (nothing else would hand it over: a row waiting while every view
    /// was lent to a row in view waited for good once those rows scrolled away). This comes
    /// inside the table's allocation, so the views are handed over from an idle source.
    func hostShownOrHidden() {
        guard serveSoon == nil, waiting.contains(where: \.isWanted) else { return }
        serveSoon = MainLoopSource.idle { [weak self] in
            self?.serveSoon = nil
            self?.serveWaiting()
            return false
        }
    }

    /// The idle source `hostShownOrHidden` queued, while it is pending.
    private var serveSoon: UInt32?

    /// A row view waiting for a live view.
    private struct Request {
        weak var host: WebRowView?
        let id: RowID
        let html: String

        /// Its host still shows the row and has no view for it.
        @MainActor var isWanted: Bool { host.map { $0.rowID == id && $0.liveView == nil } ?? false }
    }

    private var waiting: [Request] = []

    /// Hands views to waiting rows, oldest request first, while views can be had.
    private func serveWaiting() {
        guard let sandbox else { return }
        waiting.removeAll { !$0.isWanted }
        while let request = waiting.first, let host = request.host, let view = availableView(for: request, sandbox: sandbox) {
            waiting.removeFirst()
            hand(view, to: host, row: request.id, html: request.html)
            waiting.removeAll { !$0.isWanted }
        }
    }

    private func availableView(for request: Request, sandbox: WebSandbox) -> LiveWebView? {
        if let same = live.first(where: { $0.rowID == request.id && $0.html == request.html }) { return same }
        if live.count < Self.maximumLive { return makeView(sandbox) }
        return live.filter { view in
            guard let host = view.host else { return true }
            return gtk_widget_get_mapped(host.widget.widget) == 0 || view.isSnapshotCurrent
        }.min { $0.lastLent < $1.lastLent }
    }

    private func hand(_ view: LiveWebView, to host: WebRowView, row id: RowID, html: String) {
        lendCount += 1
        view.lastLent = lendCount
        if view.host !== host {
            view.host?.release(view)
            view.host = host
        }
        if view.rowID != id || view.html != html { view.load(id, html: html) } else { view.reportLastFit() }
        host.adopt(view)
    }

    /// The text scaling factor changed (WebKit zooms every page by it by itself): every live
    /// view reports its fits at `scale` from now on, and every snapshot (taken at the old
    /// scale) is dropped, so a row that comes back shows the page's white until its live
    /// view has re-rendered it, never old-scale content.
    ///
    /// - Complexity: O(``maximumLive`` + ``maximumSnapshots`` + row views).
    func setTextScale(_ scale: Double) {
        guard scale != textScale else { return }
        textScale = scale
        for view in live { view.setTextScale(scale) }
        dropSnapshots()
    }

    /// The app's style changed (light or dark): every live view draws its page in `style` at
    /// once and measures it again, and every snapshot (taken in the old style) is dropped, so
    /// a row that comes back shows the page's canvas in the new style until its live view has
    /// rendered it, never old-style content.
    ///
    /// - Complexity: O(``maximumLive`` + ``maximumSnapshots`` + row views).
    func setPageStyle(_ style: WebPageStyle) {
        guard style != pageStyle else { return }
        pageStyle = style
        for view in live { view.setPageStyle(style) }
        dropSnapshots()
    }

    /// Forgets every snapshot, and tells the row views, which then draw the plain canvas.
    private func dropSnapshots() {
        snapshots.removeAll()
        snapshotOrder.removeAll()
        hosts.removeAll { $0.host == nil }
        for entry in hosts { entry.host?.snapshotsChanged() }
        if !hosts.isEmpty { onRedrawNeeded?() }
    }

    private func makeView(_ sandbox: WebSandbox) -> LiveWebView {
        // One web process for every view: each costs tens of MB (H2's memory budget).
        let view = LiveWebView(sandbox: sandbox, related: live.first, textScale: textScale, pageStyle: pageStyle)
        view.onFit = { [weak self, weak view] id, fit in
            view?.host?.liveViewFitted()
            self?.onFit?(id, fit)
        }
        view.onSnapshot = { [weak self, weak view] id, texture in
            guard let self else { return }
            self.keep(texture, for: id)
            view?.host?.snapshotsChanged()
            self.serveWaiting()
            self.onRedrawNeeded?()
        }
        view.onPageRead = { [weak self] in self?.onRedrawNeeded?() }
        view.onLinkClicked = { [weak self] uri in self?.onLinkClicked?(uri) }
        live.append(view)
        return view
    }

    /// `host` no longer shows the row it was lent a view for; the view stays loaded for a
    /// quick return, until it is lent to another row.
    func giveBack(from host: WebRowView) {
        for view in live where view.host === host {
            host.release(view)
            view.host = nil
        }
        serveWaiting()
    }

    private func keep(_ texture: OwnedObject, for id: RowID) {
        if snapshots.updateValue(texture, forKey: id) != nil {
            snapshotOrder.removeAll { $0 == id }
        }
        snapshotOrder.append(id)
        while snapshotOrder.count > Self.maximumSnapshots {
            let dropped = snapshotOrder.removeFirst()
            snapshots.removeValue(forKey: dropped)
        }
    }
}
