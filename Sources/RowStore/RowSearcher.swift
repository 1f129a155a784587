import Dispatch
import SQLiteStore
import Synchronization
import TableModel

/// Runs find queries (F3) off the main thread, on a serial queue with its own read-only
/// connection to the rows database, so a query never delays a frame and never waits for
/// the writer (WAL readers see the last commit).
///
/// Each ``search(_:deliver:)`` supersedes the ones before it: its generation becomes the
/// current one, a stale query still running is stopped (`sqlite3_interrupt`) and a stale one
/// still queued is skipped, and a result is delivered only while its generation is current.
/// So the caller receives, for the last text typed, one batch of matches, or a failure.
///
/// Thread-safety: the public methods may be called from any thread; the connection is
/// touched only on the private queue.
public final class RowSearcher: @unchecked Sendable {
    /// The outcome of one search, delivered on the searcher's queue.
    public struct Outcome: Sendable {
        /// The generation ``search(_:deliver:)`` returned for it.
        public let generation: Int
        public let query: SearchQuery
        /// The matching rows, or why the search failed (the file could not be read).
        public let result: Result<RowMatches, RowStoreError>
    }

    /// The database file.
    public let path: String
    private let queue = DispatchQueue(label: "io.github.gtktabledemo.rows-search")
    private struct State {
        var generation = 0
        var interrupter: SQLiteInterrupter?
    }
    private let state = Mutex(State())
    // Confined to `queue`:
    private var connection: SQLiteConnection?
    private var statement: SQLiteStatement?
    private var rowids: SQLiteIntegerCollector?
    private var termLookup: SQLiteStatement?

    /// - Complexity: O(1); the connection opens with the first search.
    public init(path: String) {
        self.path = path
    }

    /// Starts searching for `query`'s rows and returns its generation at once. `deliver` is
    /// called on the searcher's queue, once, unless a later search supersedes this one first.
    ///
    /// - Complexity: O(1) here; the query is O(matches + index pages of the words) there.
    @discardableResult
    public func search(_ query: SearchQuery, deliver: @escaping @Sendable (Outcome) -> Void) -> Int {
        let generation = state.withLock { state in
            state.generation += 1
            state.interrupter?.interrupt()
            return state.generation
        }
        queue.async { self.run(query, generation: generation, deliver: deliver) }
        return generation
    }

    /// Drops any search in flight: nothing more is delivered for it.
    ///
    /// - Complexity: O(1).
    public func cancel() {
        state.withLock { state in
            state.generation += 1
            state.interrupter?.interrupt()
        }
    }

    /// Whether `generation` is still the last search asked for (work for an older one is wasted).
    ///
    /// - Complexity: O(1).
    public func isCurrent(_ generation: Int) -> Bool { state.withLock { $0.generation == generation } }

    private func run(_ query: SearchQuery, generation: Int, deliver: @Sendable (Outcome) -> Void) {
        // An interrupt meant for a stale query can land on this one as it starts: then it
        // runs again, as long as it is still the current one.
        while isCurrent(generation) {
            do throws(SQLiteError) {
                let matches = try matches(of: query)
                if isCurrent(generation) {
                    deliver(Outcome(generation: generation, query: query, result: .success(matches)))
                }
                return
            } catch where error.isInterrupted {
                continue
            } catch {
                connection = nil
                statement = nil
                rowids = nil
                termLookup = nil
                state.withLock { $0.interrupter = nil }
                if isCurrent(generation) {
                    deliver(Outcome(generation: generation, query: query, result: .failure(.database(error))))
                }
                return
            }
        }
    }

    private func matches(of query: SearchQuery) throws(SQLiteError) -> RowMatches {
        let (select, rowids) = try prepared()
        guard let expression = try expression(for: query) else { return RowMatches(sortedIDs: []) }
        try select.bind([.text(expression)])
        var ids = try rowids.collect(select)
        // FTS5 gives a full-text query's rows in ascending rowid order, which RowMatches needs;
        // checked rather than assumed (O(m), a fraction of the query).
        if !Self.isAscending(ids) { ids.sort() }
        return RowMatches(sortedIDs: ids)
    }

    /// The `MATCH` expression for `query`: with the last word's prefix replaced by the terms
    /// it begins when there are at most ``termsInPlaceOfAPrefix`` of them (lookups in the
    /// index's vocabulary, O(log terms) each); nil when no row can match.
    private func expression(for query: SearchQuery) throws(SQLiteError) -> String? {
        guard let prefix = query.lastWordTermPrefix, let lookup = termLookup else { return query.matchExpression }
        // Every term that begins with `prefix` sorts from it up to it followed by the last
        // character. One term per lookup: the vocabulary's first instance at or after `from`,
        // then from just after that term (no term holds U+0000, so the next one sorts at or
        // after the term followed by U+0001). An `fts5vocab` 'row' table would count every
        // term's rows as it went: 30 ms for a word in 900,000 rows, against 0.4 ms here.
        let end = prefix + "\u{10FFFF}"
        var terms: [String] = []
        var from = prefix
        while terms.count <= Self.termsInPlaceOfAPrefix {
            try lookup.bind([.text(from), .text(end)])
            defer { lookup.finishReading() }
            guard try lookup.step() else { break }
            let term = lookup.text(0)
            terms.append(term)
            from = term + "\u{1}"
        }
        guard terms.count <= Self.termsInPlaceOfAPrefix else { return query.matchExpression }
        return query.matchExpression(completingLastWordWith: terms)
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

    /// The most index terms a last word's prefix is replaced by.
    static let termsInPlaceOfAPrefix = 8

    /// The query statement and the aggregate that hands its rowids over, on a connection
    /// opened with the first search.
    private func prepared() throws(SQLiteError) -> (SQLiteStatement, SQLiteIntegerCollector) {
        if let statement, let rowids { return (statement, rowids) }
        let opened = try SQLiteConnection(path: path, mode: .readOnly)
        // The rowids reach Swift through an aggregate's steps, not a `sqlite3_step` per row.
        let collector = try SQLiteIntegerCollector(connection: opened, name: "collect_rowids")
        let select = try opened.prepare("SELECT collect_rowids(rowid) FROM rows_search WHERE rows_search MATCH ?")
        // The index's terms, in a table of this connection's own (a read-only file takes it).
        try opened.execute("CREATE VIRTUAL TABLE temp.rows_search_terms USING fts5vocab(main, rows_search, 'instance')")
        termLookup = try opened.prepare("SELECT term FROM temp.rows_search_terms WHERE term >= ? AND term < ? LIMIT 1")
        connection = opened
        statement = select
        rowids = collector
        state.withLock { $0.interrupter = opened.interrupter }
        return (select, collector)
    }
}
