import Dispatch
import SQLiteStore
import TableModel

/// Writes ``RowChanges`` off the main thread: a serial queue with its own database
/// connection, so no database work ever delays a frame (W6). Changes that fail to write
/// (a full disk, a lock held too long) are kept and written together with the next ones.
///
/// Thread-safety: the public methods may be called from any thread; everything else runs
/// on the private queue, which alone touches the connection and the pending changes.
public final class RowWriter: @unchecked Sendable {
    /// Called on the writer's queue after a write fails, and after the first write that
    /// succeeds following a failure (with nil).
    public typealias Report = @Sendable (RowStoreError?) -> Void

    /// The database file.
    public let path: String
    private let queue = DispatchQueue(label: "io.github.gtktabledemo.rows-writer")
    private let report: Report
    // Confined to `queue`:
    private var database: RowDatabase?
    private var pending = RowChanges()
    private var failing = false
    /// Whether rows trashed by an earlier run (one that ended without closing the writer) were purged.
    private var leftoversPurged = false

    /// - Complexity: O(1); the connection opens with the first write.
    public init(path: String, report: @escaping Report) {
        self.path = path
        self.report = report
    }

    /// Queues `changes` for writing and returns at once. Empty changes retry what failed.
    ///
    /// - Complexity: O(1) here; the write is O(k log n) for k rows touched.
    public func submit(_ changes: RowChanges) {
        queue.async { self.write(adding: changes, reporting: true) }
    }

    /// Writes everything queued and pending, and waits (on quit).
    ///
    /// - Returns: the failure, if the changes could not be written.
    /// - Complexity: that of the writes queued.
    public func flush() -> RowStoreError? {
        queue.sync { write(adding: RowChanges(), reporting: false) }
    }

    /// Flushes, then deletes for good the rows batch deletes kept for Undo, folds the write-ahead log back into the database file and closes the
    /// writer's connection (on quit), so the next start reads one compact file.
    ///
    /// - Returns: the failure, if the changes could not be written.
    /// - Complexity: that of the writes queued, plus the checkpoint (bounded by the log size).
    public func close() -> RowStoreError? {
        queue.sync {
            let failure = write(adding: RowChanges(), reporting: false)
            if failure == nil { database?.purgeTrashed() }
            database?.checkpoint()
            database = nil
            return failure
        }
    }

    /// Whether changes are waiting because a write failed. Waits for queued writes.
    ///
    /// - Complexity: that of the writes queued.
    public var hasPendingChanges: Bool { queue.sync { !pending.isEmpty } }

    @discardableResult
    private func write(adding changes: RowChanges, reporting: Bool) -> RowStoreError? {
        pending.absorb(changes)
        guard !pending.isEmpty else { return nil }
        do throws(SQLiteError) {
            try apply()
        } catch {
            failing = true
            if reporting { report(.database(error)) }
            return .database(error)
        }
        pending = RowChanges()
        if failing {
            failing = false
            if reporting { report(nil) }
        }
        return nil
    }

    private func apply() throws(SQLiteError) {
        do throws(SQLiteError) {
            let database: RowDatabase
            if let open = self.database {
                database = open
            } else {
                database = try RowDatabase.open(path: path)
            }
            // Trash left by a run that was killed can no longer be undone; its row ids may be
            // given to new rows (above the largest live id) and its batch numbers to new batches.
            if !leftoversPurged {
                database.purgeTrashed()
                leftoversPurged = true
            }
            self.database = database
            try database.apply(pending)
        } catch {
            // A connection that failed may be in a bad state: reopen it next time.
            database = nil
            throw error
        }
    }
}
