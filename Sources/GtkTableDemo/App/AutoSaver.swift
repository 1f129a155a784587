import Foundation
import GtkBridge
import TableModel

/// Saves the rows file half a second after the last change and on quit (W6), driving the
/// model's save schedule with a GLib timeout. Saves are atomic (the store writes a temporary
/// file, syncs it and renames it over the old one); a failed save keeps the changes pending
/// and says so.
@MainActor
final class AutoSaver {
    private let model: Table
    private let store: RowsFileStore
    private let clock: () -> Double
    private var timer: UInt32?
    /// The deadline the timer is armed for; most updates (a scroll) leave it as it is.
    private var armedDeadline: Double?
    var onError: ((String) -> Void)?

    init(model: Table, store: RowsFileStore, clock: @escaping () -> Double) {
        self.model = model
        self.store = store
        self.clock = clock
    }

    /// Something may have changed: (re)arm the timer for the model's save deadline.
    func changed() {
        guard let deadline = model.saveDeadline, deadline != armedDeadline || timer == nil else { return }
        if let timer { MainLoopSource.remove(timer) }
        armedDeadline = deadline
        let milliseconds = UInt32(max(0, (deadline - clock()) * 1000).rounded(.up))
        timer = MainLoopSource.timeout(milliseconds: milliseconds) { [weak self] in
            self?.timer = nil
            self?.save(force: false)
            self?.changed()
            return false
        }
    }

    /// Saves now whatever is unsaved (on quit). Returns the failure, in words, if it failed.
    @discardableResult
    func flush() -> String? { save(force: true) }

    @discardableResult
    private func save(force: Bool) -> String? {
        do {
            try model.saveIfDue(to: store, force: force)
            return nil
        } catch {
            let message = "Could not save \(store.path): \(error.description)"
            FileHandle.standardError.write(Data("GtkTableDemo: \(message)\n".utf8))
            onError?(message)
            return message
        }
    }
}
