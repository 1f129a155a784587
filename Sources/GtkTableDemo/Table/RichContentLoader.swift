import CGtk
import Foundation
import GtkBridge
import TableModel

/// Loads rich rows' Pango markup (R1) when they first come into view, after a delay such as a
/// page load would have, and hands it to the model, which measures the row once and keeps
/// everything above it still. Markup Pango cannot parse, a missing file, or a path leaving
/// the data folder fails the row with a message instead of drawing garbage or warnings.
@MainActor
final class RichContentLoader {
    /// The simulated network delay: 700 ms, or `GTKTABLEDEMO_RICH_DELAY_MS` (a UI test that
    /// must see a card's placeholder on screen before its content arrives).
    static let delayMilliseconds: UInt32 = ProcessInfo.processInfo.environment["GTKTABLEDEMO_RICH_DELAY_MS"].flatMap { UInt32($0) } ?? 700

    private unowned let controller: TableController
    private let folder: URL
    /// Loads started and not yet finished.
    private(set) var pendingCount = 0

    init(controller: TableController, folder: URL) {
        self.controller = controller
        self.folder = folder
    }

    func load(_ id: RowID) {
        guard case .rich(let source)? = controller.model.row(id)?.content,
            (try? controller.model.richLoadingStarted(id)) != nil
        else { return }
        pendingCount += 1
        MainLoopSource.timeout(milliseconds: Self.delayMilliseconds) { [weak self] in
            self?.finish(id, source: source)
            return false
        }
    }

    private func finish(_ id: RowID, source: String) {
        pendingCount -= 1
        let model = controller.model
        guard model.row(id) != nil else { return }  // deleted while loading
        switch markup(at: source) {
        case .success(let markup):
            controller.performAnimated { () throws(TableError) in try model.richContentArrived(id, markup: markup) }
        case .failure(let failure):
            controller.performAnimated { () throws(TableError) in try model.richContentFailed(id, because: .error(failure.message)) }
        }
    }

    struct Failure: Error {
        let message: String
    }

    private func markup(at source: String) -> Result<String, Failure> {
        let url = folder.appendingPathComponent(source).standardizedFileURL
        guard url.path.hasPrefix(folder.standardizedFileURL.path + "/") else {
            return .failure(Failure(message: tr("{file} is outside the data folder").filling(["file": source])))
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(Failure(message: tr("{file} cannot be read").filling(["file": source])))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(Failure(message: tr("{file} is not UTF-8").filling(["file": source])))
        }
        var error: UnsafeMutablePointer<GError>?
        guard pango_parse_markup(text, -1, 0, nil, nil, nil, &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? tr("invalid markup")
            g_clear_error(&error)
            return .failure(Failure(message: tr("{file}: {reason}").filling(["file": source, "reason": reason])))
        }
        return .success(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
