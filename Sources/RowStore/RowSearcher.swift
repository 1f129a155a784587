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
        let select = try prepared()
        guard let expression = try expression(for: query) else { return RowMatches(sortedIDs: []) }
        try select.bind([.text(expression)])
        defer { select.finishReading() }
        var ids: [Int64] = []
        while try select.step() { ids.append(select.integer(0)) }
        return RowMatches(sortedIDs: ids)
    }

    /// The `MATCH` expression for `query`: with the last word's prefix replaced by the terms
    /// it begins when there are at most ``termsInPlaceOfAPrefix`` of them (a lookup in the
    /// index's vocabulary, O(log terms + their rows)); nil when no row can match.
    private func expression(for query: SearchQuery) throws(SQLiteError) -> String? {
        guard let prefix = query.lastWordTermPrefix, let lookup = termLookup else { return query.matchExpression }
        // Every term that begins with `prefix` sorts from it up to it followed by the last character.
        try lookup.bind([.text(prefix), .text(prefix + "\u{10FFFF}"), .integer(Int64(Self.termsInPlaceOfAPrefix + 1))])
        defer { lookup.finishReading() }
        var terms: [String] = []
        while try lookup.step() { terms.append(lookup.text(0)) }
        guard terms.count <= Self.termsInPlaceOfAPrefix else { return query.matchExpression }
        return query.matchExpression(completingLastWordWith: terms)
    }

    /// The most index terms a last word's prefix is replaced by.
    static let termsInPlaceOfAPrefix = 8

    private func prepared() throws(SQLiteError) -> SQLiteStatement {
        if let statement { return statement }
        let opened = try SQLiteConnection(path: path, mode: .readOnly)
        let select = try opened.prepare("SELECT rowid FROM rows_search WHERE rows_search MATCH ? ORDER BY rowid")
        // The index's terms, in a table of this connection's own (a read-only file takes it).
        try opened.execute("CREATE VIRTUAL TABLE temp.rows_search_terms USING fts5vocab(main, rows_search, 'row')")
        termLookup = try opened.prepare("SELECT term FROM temp.rows_search_terms WHERE term >= ? AND term < ? LIMIT ?")
        connection = opened
        statement = select
        state.withLock { $0.interrupter = opened.interrupter }
        return select
    }
}
