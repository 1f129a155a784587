import CSQLite

/// Counts the rows one connection inserts, updates and deletes in its tables (its triggers'
/// writes included), leaving out tables whose names begin with a given prefix: an FTS5 index's
/// own tables, whose writes depend on how it lays out its segments, not on the rows changed.
/// It counts through `sqlite3_update_hook`, which sees every row change of a rowid table.
///
/// Not thread-safe: used on the connection's thread. The connection must outlive it, and only
/// one counter may watch a connection (it owns the connection's update hook).
public final class SQLiteRowWriteCounter {
    /// The rows written since the counter was made.
    public private(set) var count = 0
    private let excludedPrefix: [UInt8]
    private let handle: OpaquePointer

    /// Starts counting `connection`'s row writes, except in tables named `excludedPrefix…`.
    ///
    /// - Complexity: O(1).
    public init(_ connection: SQLiteConnection, excludingTablesPrefixed excludedPrefix: String) {
        self.excludedPrefix = Array(excludedPrefix.utf8)
        handle = connection.handle
        sqlite3_update_hook(handle, { context, _, _, table, _ in
            guard let context, let table else { return }
            Unmanaged<SQLiteRowWriteCounter>.fromOpaque(context).takeUnretainedValue().rowWritten(in: table)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { sqlite3_update_hook(handle, nil, nil) }

    private func rowWritten(in table: UnsafePointer<CChar>) {
        for (index, byte) in excludedPrefix.enumerated() where UInt8(bitPattern: table[index]) != byte {
            count += 1
            return
        }
    }
}
