import SQLiteStore

/// One read-only connection's part of a find query (``RowSearcher``): the rows of the index
/// that match an FTS5 expression within a range of rowids. FTS5 seeks each doclist to the
/// range's start, so two lanes over the two halves of the rowids walk half the index each,
/// on two cores at once.
///
/// Not thread-safe: one thread at a time uses it (the searcher's queue, or the second thread
/// the searcher lends it to while its queue waits).
final class SearchLane {
    let connection: SQLiteConnection
    private let select: SQLiteStatement
    private let rowids: SQLiteIntegerCollector

    /// Opens the lane's own connection to `path` and prepares its query.
    ///
    /// - Throws: ``SQLiteError`` if the file cannot be opened or has no find index.
    /// - Complexity: O(1).
    init(path: String) throws(SQLiteError) {
        connection = try SQLiteConnection(path: path, mode: .readOnly)
        // The rowids reach Swift through an aggregate's steps, not a `sqlite3_step` per row.
        rowids = try SQLiteIntegerCollector(connection: connection, name: "collect_rowids")
        select = try connection.prepare(
            "SELECT collect_rowids(rowid) FROM rows_search WHERE rows_search MATCH ?1 AND rowid >= ?2 AND rowid <= ?3")
    }

    /// The rowids in `range` of the rows that match `expression`, ascending.
    ///
    /// - Throws: ``SQLiteError``, interrupted included.
    /// - Complexity: O(matches in range + index pages of the expression's terms there).
    func matches(of expression: String, in range: ClosedRange<Int64>) throws(SQLiteError) -> [Int64] {
        try select.bind([.text(expression), .integer(range.lowerBound), .integer(range.upperBound)])
        var ids = try rowids.collect(select)
        // FTS5 gives a full-text query's rows in ascending rowid order, which RowMatches needs;
        // checked rather than assumed (O(m), a fraction of the query).
        if !Self.isAscending(ids) { ids.sort() }
        return ids
    }

    /// - Complexity: O(n) for n ids.
    private static func isAscending(_ ids: [Int64]) -> Bool {
        ids.withUnsafeBufferPointer { ids in
            var previous = Int64.min
            for id in ids {
                if id < previous { return false }
                previous = id
            }
            return true
        }
    }
}
