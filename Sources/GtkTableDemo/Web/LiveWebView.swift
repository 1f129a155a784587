import CGtk
import CWebKit
import Foundation
import GtkBridge
import TableModel

/// One live WebKitWebView, lent by ``WebViewPool`` to one web row at a time (H2).
///
/// It loads the row's HTML (`load_html`, no base URI: the document is `about:blank`), and
/// when the load finishes measures the document with ``WebFitScript`` and reports the fit;
/// later size changes arrive through the script's message handler. WebKitGTK zooms the whole
/// page by the text scaling factor (`gtk-xft-dpi` / 96) by itself, so a CSS pixel is that many
/// of the row's pixels: fits are turned into the row's pixels at ``textScale`` and say the
/// scale they were measured at (``setTextScale(_:)``). Its page is drawn in the app's light or
/// dark style (``setPageStyle(_:)``). A short while after each
/// fit it takes a snapshot of what it shows, for the row to show once the view is lent away.
/// Navigation never happens inside it: a link opens in the desktop's default handler (H3).
///
/// Invariant: `rowID` is the row whose HTML was last loaded; `isReady` is true once that
/// load finished and was measured.
@MainActor
final class LiveWebView {
    /// How long after the last fit the snapshot is taken: the row has its new height by then.
    /// 150 ms, or `GTKTABLEDEMO_WEB_SNAPSHOT_DELAY_MS` (a UI test that needs views lent
    /// without a snapshot for a while).
    static let snapshotDelayMilliseconds: UInt32 =
        ProcessInfo.processInfo.environment["GTKTABLEDEMO_WEB_SNAPSHOT_DELAY_MS"].flatMap { UInt32($0) } ?? 150

    /// The WebKitWebView, owned here (its floating reference sunk); parented to the row it is lent to.
    private let ownedView: OwnedObject
    var view: GObjectRef { ownedView.ref }
    private let manager: GObjectRef
    /// The user style sheet of `pageStyle`, the manager's only one.
    private var styleSheet: UserStyleSheet
    private(set) var rowID: RowID?
    private(set) var html: String?
    private(set) var isReady = false
    /// Whether a snapshot of the current rendering was kept since the last fit: then the row
    /// loses nothing when the view is lent to another.
    private(set) var isSnapshotCurrent = false
    /// When it was last lent, for least-recently-used reuse.
    var lastLent: UInt64 = 0
    /// The row view it is lent to, if any.
    weak var host: WebRowView?
    /// A fit was measured for a row.
    var onFit: ((RowID, WebFit) -> Void)?
    /// The zoom WebKit draws pages at: the text scaling factor (1 unscaled).
    private(set) var textScale: Double
    /// The style its pages are drawn in.
    private(set) var pageStyle: WebPageStyle
    /// A snapshot of the row's rendering was taken.
    var onSnapshot: ((RowID, OwnedObject) -> Void)?
    /// The page's scroll height was read (after a snapshot was asked for).
    var onPageRead: (() -> Void)?
    /// The URI of a link the user clicked; it opens outside the app.
    var onLinkClicked: ((String) -> Void)?
    /// `document.documentElement.scrollHeight` and the root's width, in CSS pixels, as the page
    /// reported them when the last snapshot was taken, and the view's own height then: the
    /// state file's witness of the fit (H6) and of WebKit's zoom.
    private(set) var pageScrollHeight: (document: Double, width: Double, view: Int32)?
    /// The root element's computed `color-scheme` as the page reported it then ("normal" or
    /// "dark"): the state file's witness of the style the page was drawn in.
    private(set) var pageColorScheme: String?
    /// Counts loads and fits, so a late callback for an earlier one is dropped.
    private var generation = 0
    /// Counts only what changes the page itself: a load, a zoom, a style. The fit script's
    /// answer is dropped only when one of these came after it was asked for, not when the
    /// page's observer reported a fit meanwhile: that answer is what makes the view ready.
    private var pageGeneration = 0
    private var snapshotSource: UInt32?

    /// A view with the sandbox's settings and session; with `related`, it shares that view's
    /// web process (and session) instead of starting one of its own.
    init(sandbox: WebSandbox, related: LiveWebView?, textScale: Double, pageStyle: WebPageStyle) {
        self.textScale = textScale
        self.pageStyle = pageStyle
        (manager, styleSheet) = sandbox.makeContentManager(style: pageStyle)
        let widget = cwebkit_web_view_new(sandbox.settings(), manager(), sandbox.session(), related.map { cwebkit_web_view($0.view.widget) })!
        ownedView = OwnedObject(adopting: widget)
        // WebKit's default opaque white page: on a transparent one, a new document painted
        // over the last one's pixels (seen: two rows' text drawn over each other). In the dark
        // style WebKit paints its opaque dark canvas over it (`WebPageStyle`).
        gtk_widget_set_can_focus(widget, 0)
        WebCallbacks.onLoadChanged(view) { [weak self] event in
            if event == WEBKIT_LOAD_FINISHED { self?.loadFinished() }
        }
        WebCallbacks.onDecidePolicy(view) { [weak self] decision, type in
            self?.decide(decision, type: type) ?? false
        }
        WebCallbacks.onScriptMessage(manager, name: WebFitScript.messageName) { [weak self] text in
            self?.fitReported(text)
        }
    }

    private var webView: UnsafeMutablePointer<WebKitWebView> { cwebkit_web_view(view.widget) }

    /// Loads `html` as the content of row `id`.
    func load(_ id: RowID, html: String) {
        generation += 1
        pageGeneration += 1
        rowID = id
        self.html = html
        isReady = false
        hasLoaded = false
        lastFit = nil
        isSnapshotCurrent = false
        webkit_web_view_load_html(webView, html, nil)
    }

    /// WebKit zooms the page by `scale` from now on: the root's CSS size changes with it, so
    /// the page's observer reports the fit again, which this view turns into the row's pixels
    /// at `scale`. A measurement still under way when the scale changed is dropped and taken
    /// again. The snapshot taken at the old scale is no longer current.
    func setTextScale(_ scale: Double) {
        guard scale != textScale else { return }
        textScale = scale
        generation += 1
        pageGeneration += 1
        isSnapshotCurrent = false
        lastFit = nil
        if hasLoaded && !isReady { measure() }
    }

    /// Draws the page in `style` from now on: WebKit re-styles the loaded page at once. The page
    /// is measured again (a colour scheme should not change its height; if it does, the row
    /// re-fits through the engine), which also takes a new snapshot; the one taken in the old
    /// style is no longer current.
    func setPageStyle(_ style: WebPageStyle) {
        guard style != pageStyle else { return }
        pageStyle = style
        styleSheet = WebSandbox.apply(style, to: manager, replacing: styleSheet)
        generation += 1
        pageGeneration += 1
        isSnapshotCurrent = false
        if hasLoaded { measure() }
    }

    /// Whether the load of `html` finished (it may not be measured yet).
    private var hasLoaded = false

    /// How far the row's page has come, in words, until it is ready.
    var stage: String { isReady ? "ready" : hasLoaded ? "loaded, being measured" : "loading" }

    private func loadFinished() {
        hasLoaded = true
        measure()
    }

    /// Runs the fit script (which returns the fit), then reports the fit.
    private func measure() {
        let page = pageGeneration
        evaluate(WebFitScript.source, inWorld: WebFitScript.world, isCurrent: { $0.pageGeneration == page }) { [weak self] text in
            self?.isReady = true
            self?.fitReported(text)
        }
    }

    /// Runs `script` in the page (in the app's script world when one is named) and hands its
    /// result, as text, to `then`, while `isCurrent` holds for the view (by default: no load
    /// or fit came since).
    private func evaluate(
        _ script: String, inWorld world: String? = nil, isCurrent: (@MainActor (LiveWebView) -> Bool)? = nil,
        then: @escaping @MainActor (String) -> Void
    ) {
        let expected = generation
        let isCurrent = isCurrent ?? { $0.generation == expected }
        let (callback, data) = WebCallbacks.asyncCallback { [weak self] object, result in
            var error: UnsafeMutablePointer<GError>?
            let made = webkit_web_view_evaluate_javascript_finish(object?.assumingMemoryBound(to: WebKitWebView.self), result, &error)
            g_clear_error(&error)
            guard let made else { return }
            let value = OwnedObject(adopting: made)
            let text = WebCallbacks.string(of: value.ref.opaque)
            guard let self, isCurrent(self) else { return }
            then(text)
        }
        webkit_web_view_evaluate_javascript(webView, script, -1, world, nil, nil, callback, data)
    }

    private func fitReported(_ text: String) {
        guard let id = rowID, let measured = WebFitScript.parse(text) else { return }
        generation += 1
        isSnapshotCurrent = false
        // CSS pixels to the row's: the height rounded up (no line of the page cut off).
        let fit = WebFit(contentWidth: (measured.width * textScale).rounded(),
                         documentHeight: (measured.height * textScale - 0.01).rounded(.up), textScale: textScale)
        lastFit = fit
        onFit?(id, fit)
        scheduleSnapshot()
    }

    /// The last fit measured of the loaded row.
    private var lastFit: WebFit?

    /// Reports the last fit again, for a row that comes back to a view that still shows it
    /// (its row was deleted and restored, say): the model may have let go of it.
    func reportLastFit() {
        guard isReady, let id = rowID, let lastFit else { return }
        onFit?(id, lastFit)
    }

    private func scheduleSnapshot() {
        if let snapshotSource { MainLoopSource.remove(snapshotSource) }
        let expected = generation
        snapshotSource = MainLoopSource.timeout(milliseconds: Self.snapshotDelayMilliseconds) { [weak self] in
            guard let self else { return false }
            self.snapshotSource = nil
            if self.generation == expected { self.takeSnapshot() }
            return false
        }
    }

    private func takeSnapshot() {
        guard let id = rowID, gtk_widget_get_mapped(view.widget) != 0 else { return }
        let expected = generation
        readPageScrollHeight()
        let (callback, data) = WebCallbacks.asyncCallback { [weak self] object, result in
            var error: UnsafeMutablePointer<GError>?
            let texture = webkit_web_view_get_snapshot_finish(object?.assumingMemoryBound(to: WebKitWebView.self), result, &error)
            g_clear_error(&error)
            guard let texture else { return }
            let owned = OwnedObject(adopting: texture)
            guard let self, self.generation == expected, self.rowID == id else { return }
            self.isSnapshotCurrent = true
            self.onSnapshot?(id, owned)
        }
        webkit_web_view_get_snapshot(webView, WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_OPTIONS_NONE, nil, callback, data)
    }

    private func readPageScrollHeight() {
        let viewHeight = gtk_widget_get_height(view.widget)
        let root = "document.documentElement"
        let script = "\(root).scrollHeight + ',' + \(root).getBoundingClientRect().width + ';' + getComputedStyle(\(root)).colorScheme"
        evaluate(script) { [weak self] text in
            let parts = text.split(separator: ";", maxSplits: 1)
            guard let self, parts.count == 2, let page = WebFitScript.parse(String(parts[0])) else { return }
            self.pageScrollHeight = (page.height, page.width, viewHeight)
            self.pageColorScheme = String(parts[1])
            self.onPageRead?()
        }
    }

    /// The row's own document loads; every other navigation is refused, and a link the user
    /// clicked opens in the desktop's default handler instead (H3).
    private func decide(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>, type: WebKitPolicyDecisionType) -> Bool {
        guard type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION || type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION else {
            return false  // a response to a load already allowed: WebKit's default
        }
        let action = webkit_navigation_policy_decision_get_navigation_action(OpaquePointer(decision))
        let request = webkit_navigation_action_get_request(action)
        let uri = request.flatMap { webkit_uri_request_get_uri($0) }.map { String(cString: $0) } ?? ""
        let navigation = webkit_navigation_action_get_navigation_type(action)
        if type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION, navigation == WEBKIT_NAVIGATION_TYPE_OTHER, uri == "about:blank" {
            webkit_policy_decision_use(decision)
            return true
        }
        webkit_policy_decision_ignore(decision)
        if navigation == WEBKIT_NAVIGATION_TYPE_LINK_CLICKED || webkit_navigation_action_is_user_gesture(action) != 0 {
            onLinkClicked?(uri)
        }
        return true
    }
}
