import Foundation
import GtkBridge
import RowStore
import TableModel

/// Saves each change to the rows database within a second and on quit (W6). The model's
/// save schedule arms a GLib timeout; when it fires, the model hands over the rows touched
/// (``Table/takeChanges(force:)``) and the ``RowWriter`` writes them as one small
/// transaction on its own thread. A failed write keeps the changes, says so once, and is
/// retried every few seconds and on quit.
@MainActor
final class AutoSaver {
    private let model: Table
    private let writer: RowWriter
    private let clock: () -> Double
    private var timer: UInt32?
    private var retryTimer: UInt32?
    /// The deadline the timer is armed for; most updates (a scroll) leave it as it is.
    private var armedDeadline: Double?
    private var reportedFailure = false
    var onError: ((String) -> Void)?

    init(model: Table, databasePath: String, clock: @escaping () -> Double) {
        self.model = model
        self.clock = clock
        // The writer reports from its own thread; the report comes back through the main loop.
        let relay = Relay()
        writer = RowWriter(path: databasePath) { error in
            MainLoopSource.idleFromAnyThread { relay.saver?.writerReported(error) }
        }
        relay.saver = self
    }

    /// Reaches the saver from the writer's reports without keeping it alive.
    @MainActor private final class Relay {
        weak var saver: AutoSaver?
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

    /// Queues where the window was left (on quit), for the next transaction, which `flush()`
    /// then writes with the rows.
    ///
    /// - Complexity: O(1).
    func remember(_ view: ViewState) {
        writer.submit(RowChanges(view: view))
    }

    /// Writes whatever is unsaved and waits for it (on quit). Returns the failure, in words,
    /// if the changes could not be written; they are kept for another try.
    func flush() -> String? {
        save(force: true)
        guard let error = writer.flush() else { return nil }
        let message = tr("Could not save your changes: {reason}").filling(["reason": FileErrorWording.text(for: error)])
        FileHandle.standardError.write(Data("GtkTableDemo: \(message)\n".utf8))
        return message
    }

    /// Everything is written: folds the log back into the database and closes it (the window
    /// is going).
    func close() {
        if let error = writer.close() {
            FileHandle.standardError.write(Data("GtkTableDemo: could not close the rows database: \(error.description)\n".utf8))
        }
    }

    private func save(force: Bool) {
        if let changes = model.takeChanges(force: force) { writer.submit(changes) }
    }

    private func writerReported(_ error: RowStoreError?) {
        guard let error else {
            if reportedFailure { onError?(tr("Your changes are saved again.")) }
            reportedFailure = false
            return
        }
        FileHandle.standardError.write(Data("GtkTableDemo: could not save your changes: \(error.description)\n".utf8))
        if !reportedFailure { onError?(tr("Could not save your changes: {reason}").filling(["reason": FileErrorWording.text(for: error)])) }
        reportedFailure = true
        guard retryTimer == nil else { return }
        retryTimer = MainLoopSource.timeout(milliseconds: Self.retryMilliseconds) { [weak self] in
            self?.retryTimer = nil
            self?.writer.submit(RowChanges())
            return false
        }
    }

    /// After a failed write, the next attempt waits this long, so a full disk or a refused
    /// path is not retried in a busy loop.
    private static let retryMilliseconds: UInt32 = 5000
}
