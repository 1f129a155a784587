import SQLiteStore
import TableModel

/// The outline as start-up read it, and what it was read at.
public struct OutlineRead: Sendable {
    /// Every row's id, kind and toggle state, in order.
    public let rows: [RowOutline]
    /// The `outline_stamp` count the rows were read at, in the same read transaction; nil for
    /// a file without one, which then never gets a snapshot.
    public let stamp: Int64?
    /// Whether the rows came from a current snapshot; if not, they came from the covering
    /// index, and a snapshot of them is worth writing (``writeOutlineSnapshot(_:stamp:)``).
    public let fromSnapshot: Bool
}

extension RowDatabase {
    /// The outline (``outline()``), from the snapshot when it is current and intact (and
    /// `usingSnapshot`), else from the covering index; both in one read transaction with the
    /// stamp, so a snapshot is read only when no change to the outline was committed since
    /// it was taken.
    ///
    /// - Throws: ``SQLiteError``, as ``outline()``; a bad snapshot is not an error, only unused.
    /// - Complexity: O(n) for n rows: one blob for a current snapshot, else n index entries.
    public func readOutline(usingSnapshot: Bool = true) throws(SQLiteError) -> OutlineRead {
        try connection.execute("BEGIN")
        defer { try? connection.execute("COMMIT") }
        let stamp = try statement("SELECT changes FROM outline_stamp WHERE only = 0").integerResult()
        if let stamp, usingSnapshot {
            let snapshot = try statement("SELECT data FROM outline_snapshot WHERE only = 0 AND stamp = ?")
            try snapshot.bind([.integer(stamp)])
            defer { snapshot.finishReading() }
            if try snapshot.step(), let rows = snapshot.withBlobBytes(0, OutlineSnapshot.decode) {
                return OutlineRead(rows: rows, stamp: stamp, fromSnapshot: true)
            }
        }
        return OutlineRead(rows: try outline(), stamp: stamp, fromSnapshot: false)
    }

    /// Stores `rows` as the outline snapshot taken at `stamp`, in one write transaction,
    /// unless the outline changed since (the stamp moved on): then nothing is written.
    ///
    /// - Returns: whether the snapshot was stored.
    /// - Throws: ``SQLiteError``; the transaction is then rolled back.
    /// - Complexity: O(n) for n rows.
    @discardableResult
    public func writeOutlineSnapshot(_ rows: [RowOutline], stamp: Int64) throws(SQLiteError) -> Bool {
        let data = OutlineSnapshot.encode(rows)
        return try connection.transaction { () throws(SQLiteError) -> Bool in
            guard try statement("SELECT changes FROM outline_stamp WHERE only = 0").integerResult() == stamp else { return false }
            try statement("INSERT OR REPLACE INTO outline_snapshot (only, stamp, data) VALUES (0, ?, ?)")
                .run([.integer(stamp), .blob(data)])
            return true
        }
    }

    /// ``writeOutlineSnapshot(_:stamp:)`` through a connection of its own, for the thread
    /// that read the outline once it has handed its connection over. A snapshot is only a
    /// cache: a file that is busy, full or read-only simply keeps none.
    ///
    /// - Returns: whether the snapshot was stored.
    /// - Complexity: O(n) for n rows.
    @discardableResult
    public static func storeOutlineSnapshot(_ read: OutlineRead, at path: String) -> Bool {
        guard !read.fromSnapshot, let stamp = read.stamp else { return false }
        do throws(SQLiteError) {
            return try open(path: path, busyTimeoutMilliseconds: snapshotBusyTimeoutMilliseconds)
                .writeOutlineSnapshot(read.rows, stamp: stamp)
        } catch {
            return false
        }
    }

    /// How long storing a snapshot waits for another writer before giving up.
    static let snapshotBusyTimeoutMilliseconds: Int32 = 1000
}
