import Dispatch
import SQLiteStore
import Synchronization
import TableModel

/// Runs find queries (F3) off the main thread, on a serial queue with read-only connections
/// of its own to the rows database (two ``SearchLane``s, which split a large query between
/// two cores), so a query never delays a frame and never waits for the writer (WAL readers
/// see the last commit).
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
        /// The lanes' interrupters (none before the first search).
        var interrupters: [SQLiteInterrupter] = []
    }
    private let state = Mutex(State())
    // Confined to `queue` (the upper lane is lent to a second thread while `queue` waits for it):
    private var lanes: [SearchLane] = []
    private var termLookup: SQLiteStatement?
    private var idBounds: SQLiteStatement?

    /// - Complexity: O(1); the connections open with the first search.
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
            for interrupter in state.interrupters { interrupter.interrupt() }
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
            for interrupter in state.interrupters { interrupter.interrupt() }
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
                lanes = []
                termLookup = nil
                idBounds = nil
                state.withLock { $0.interrupters = [] }
                if isCurrent(generation) {
                    deliver(Outcome(generation: generation, query: query, result: .failure(.database(error))))
                }
                return
            }
        }
    }

    /// The rows matching `query`. When the rows' ids span more than ``idsPerLane``, the two
    /// halves of the span are searched at once, each on its own connection, the upper half on
    /// a second thread (``runSideBySide(_:_:)``): at a million rows the index walk is most of a
    /// query's time.
    ///
    /// The lanes read the file as of each one's start; a commit between the two starts can
    /// show one half before it and the other after, as a query started a moment later would
    /// have shown that half.
    private func matches(of query: SearchQuery) throws(SQLiteError) -> RowMatches {
        let (lower, upper) = try openedLanes()
        guard let expression = try expression(for: query), let ids = try idRange() else { return RowMatches(sortedIDs: []) }
        guard ids.upperBound - ids.lowerBound > Self.idsPerLane else {
            return RowMatches(sortedIDs: try lower.matches(of: expression, in: ids))
        }
        let middle = ids.lowerBound + (ids.upperBound - ids.lowerBound) / 2
        var lowerPart: Result<[Int64], SQLiteError> = .success([])
        var upperPart = lowerPart
        runSideBySide({ upperPart = Result { () throws(SQLiteError) in try upper.matches(of: expression, in: middle + 1...ids.upperBound) } }) {
            lowerPart = Result { () throws(SQLiteError) in try lower.matches(of: expression, in: ids.lowerBound...middle) }
        }
        var found = try lowerPart.get()
        found.append(contentsOf: try upperPart.get())
        return RowMatches(sortedIDs: found)
    }

    /// The smallest and the largest row id, or nil when there are no rows.
    ///
    /// - Complexity: O(log n) (the ends of the rows' primary key).
    private func idRange() throws(SQLiteError) -> ClosedRange<Int64>? {
        guard let bounds = idBounds else { return nil }
        try bounds.bind([])
        defer { bounds.finishReading() }
        guard try bounds.step(), !bounds.isNull(0), !bounds.isNull(1) else { return nil }
        return bounds.integer(0)...max(bounds.integer(0), bounds.integer(1))
    }

    /// Above this span of ids a query is split between the two lanes.
    static let idsPerLane: Int64 = 50_000

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

    /// The most index terms a last word's prefix is replaced by.
    static let termsInPlaceOfAPrefix = 8

    /// The two lanes, and the statements of the first one's connection, opened with the
    /// first search.
    private func openedLanes() throws(SQLiteError) -> (SearchLane, SearchLane) {
        if lanes.count == 2 { return (lanes[0], lanes[1]) }
        let opened = [try SearchLane(path: path), try SearchLane(path: path)]
        let connection = opened[0].connection
        // The index's terms, in a table of this connection's own (a read-only file takes it).
        try connection.execute("CREATE VIRTUAL TABLE temp.rows_search_terms USING fts5vocab(main, rows_search, 'instance')")
        termLookup = try connection.prepare("SELECT term FROM temp.rows_search_terms WHERE term >= ? AND term < ? LIMIT 1")
        idBounds = try connection.prepare("SELECT (SELECT min(id) FROM rows), (SELECT max(id) FROM rows)")
        lanes = opened
        state.withLock { $0.interrupters = opened.map(\.connection.interrupter) }
        return (opened[0], opened[1])
    }
}
