import CGtk
import CWebKit
import Foundation
import GtkBridge

/// What every web row's view shares so that only the row's own HTML loads (H3): settings
/// with the page's own scripts off, an ephemeral network session (nothing written to disk),
/// and a compiled content filter that blocks every request but `about:` and `data:` ones.
///
/// Invariant: no HTML is loaded before the filter is ready (`whenReady`); if it cannot be
/// compiled, web rows stay blank rather than load unfiltered (fail closed).
@MainActor
final class WebSandbox {
    /// The content blocker's rules: block everything, then let the row's own document
    /// (`about:blank`, which `load_html` uses) and inline `data:` resources through. (WebKit's
    /// content-blocker expressions have no alternation, hence one rule per scheme.)
    static let filterRules = """
        [{"trigger":{"url-filter":".*"},"action":{"type":"block"}},
         {"trigger":{"url-filter":"^about:"},"action":{"type":"ignore-previous-rules"}},
         {"trigger":{"url-filter":"^data:"},"action":{"type":"ignore-previous-rules"}}]
        """
    let settings: GObjectRef
    let session: GObjectRef
    private(set) var filter: GObjectRef?
    private(set) var failure: String?
    private var waiting: [@MainActor () -> Void] = []

    init() {
        settings = GObjectRef(webkit_settings_new()!)
        let s: OpaquePointer = settings()
        webkit_settings_set_enable_javascript_markup(s, 0)
        webkit_settings_set_javascript_can_open_windows_automatically(s, 0)
        webkit_settings_set_hardware_acceleration_policy(s, WEBKIT_HARDWARE_ACCELERATION_POLICY_NEVER)
        webkit_settings_set_enable_webgl(s, 0)
        webkit_settings_set_enable_webaudio(s, 0)
        webkit_settings_set_enable_media(s, 0)
        webkit_settings_set_enable_page_cache(s, 0)
        webkit_settings_set_enable_html5_local_storage(s, 0)
        webkit_settings_set_enable_html5_database(s, 0)
        webkit_settings_set_enable_developer_extras(s, 0)
        session = GObjectRef(webkit_network_session_new_ephemeral()!)
        compileFilter()
    }

    /// Runs `body` once the filter is compiled (now, if it is); never if it failed.
    func whenReady(_ body: @escaping @MainActor () -> Void) {
        if filter != nil { body() } else if failure == nil { waiting.append(body) }
    }

    private func compileFilter() {
        let folder = URL(fileURLWithPath: String(cString: g_get_user_cache_dir())).appendingPathComponent("table-demo/web-filters")
        // The callback holds the store's owner, so the store lives until the callback has run.
        let store = OwnedObject(adopting: webkit_user_content_filter_store_new(folder.path)!)
        let rules = Array(Self.filterRules.utf8)
        let bytes = rules.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let (callback, data) = WebCallbacks.asyncCallback { [weak self] _, result in
            var error: UnsafeMutablePointer<GError>?
            let compiled = webkit_user_content_filter_store_save_finish(store.ref.opaque, result, &error)
            guard let self else {
                if let compiled { webkit_user_content_filter_unref(compiled) }
                g_clear_error(&error)
                return
            }
            if let compiled {
                self.filter = GObjectRef(compiled)
                let ready = self.waiting
                self.waiting.removeAll()
                ready.forEach { $0() }
            } else {
                self.failure = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
                g_clear_error(&error)
                FileHandle.standardError.write(Data("Web rows stay blank: their content filter could not be compiled (\(self.failure!)).\n".utf8))
                self.waiting.removeAll()
            }
        }
        webkit_user_content_filter_store_save(store.ref.opaque, "table-demo-no-network", bytes, nil, callback, data)
        g_bytes_unref(bytes)
    }

    /// A user content manager for one view: the filter, the user style sheet of `style`, and
    /// the fit script's message handler in the app's own script world; and that sheet, which
    /// the view hands back to `apply` when its style changes.
    func makeContentManager(style: WebPageStyle) -> (manager: GObjectRef, sheet: UserStyleSheet) {
        let manager = GObjectRef(webkit_user_content_manager_new()!)
        if let filter { webkit_user_content_manager_add_filter(manager(), filter()) }
        let sheet = Self.apply(style, to: manager, replacing: nil)
        webkit_user_content_manager_register_script_message_handler(manager(), WebFitScript.messageName, WebFitScript.world)
        return (manager, sheet)
    }

    /// Makes `style`'s user style sheet `manager`'s, in place of `old`, applied under the
    /// page's own styles; a loaded page is styled again at once (WebKit re-styles it). The new
    /// sheet is added before the old one goes, so the page is never laid out with neither:
    /// without one, its body's default margin and its scrollbars would come back, and the
    /// page would report a taller fit for a moment (a row's height flickering by 16 px).
    static func apply(_ style: WebPageStyle, to manager: GObjectRef, replacing old: UserStyleSheet?) -> UserStyleSheet {
        let sheet = UserStyleSheet(style.userStyle)
        webkit_user_content_manager_add_style_sheet(manager(), sheet.sheet)
        if let old { webkit_user_content_manager_remove_style_sheet(manager(), old.sheet) }
        return sheet
    }
}
