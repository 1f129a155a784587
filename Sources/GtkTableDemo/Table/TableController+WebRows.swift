import CGtk
import Foundation
import GtkBridge
import TableModel

extension TableController {
    /// A web row's fit goes to the model like any measurement (H1); a clicked link opens in
    /// the desktop's default handler, never inside the row (H3).
    func attachWebRows() {
        webViews.onFit = { [weak self] id, fit in
            guard let self, self.model.row(id) != nil else { return }  // deleted meanwhile
            self.perform { () throws(TableError) in
                try self.model.webContentMeasured(id, documentHeight: fit.documentHeight, contentWidth: fit.contentWidth, textScale: fit.textScale)
            }
        }
        webTextScaleChanged()
        followDarkStyle()
        webViews.onLinkClicked = { [weak self] uri in self?.openOutside(uri) }
        webViews.onRedrawNeeded = { [weak self] in self?.view.setNeedsLayout() }
    }

    /// The model's web text scale changed (the text scaling factor, W9): pages draw their text
    /// at it and re-fit, through the engine like any measurement, so nothing in view jumps.
    func webTextScaleChanged() {
        webViews.setTextScale(model.metrics.web.textScale)
    }

    /// Pages follow the app's style (libadwaita's style manager, which follows the desktop's
    /// dark-style preference): now, and whenever it changes.
    private func followDarkStyle() {
        let styleManager = GObjectRef(adw_style_manager_get_default()!)
        let update: @MainActor () -> Void = { [weak self] in
            self?.webViews.setPageStyle(adw_style_manager_get_dark(styleManager()) != 0 ? .dark : .light)
        }
        update()
        styleManager.onNotify("dark", update)
    }

    private func openOutside(_ uri: String) {
        var error: UnsafeMutablePointer<GError>?
        if g_app_info_launch_default_for_uri(uri, nil, &error) == 0 {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "no application"
            g_clear_error(&error)
            onError?(tr("Could not open the link {link}.").filling(["link": uri]), "opening \(uri): \(reason)")
        }
    }
}
