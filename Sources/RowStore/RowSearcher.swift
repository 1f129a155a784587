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
                state.withLock { $0.interrupter = nil }
                if isCurrent(generation) {
                    deliver(Outcome(generation: generation, query: query, result: .failure(.database(error))))
                }
                return
            }
        }
    }

    private func matches(of query: SearchQuery) throws(SQLiteError) -> RowMatches {
        guard let expression = query.matchExpression else { return RowMatches(sortedIDs: []) }
        let select = try prepared()
        try select.bind([.text(expression)])
        defer { select.finishReading() }
        var ids: [Int64] = []
        while try select.step() { ids.append(select.integer(0)) }
        return RowMatches(sortedIDs: ids)
    }

    private func prepared() throws(SQLiteError) -> SQLiteStatement {
        if let statement { return statement }
        let opened = try SQLiteConnection(path: path, mode: .readOnly)
        let select = try opened.prepare("SELECT rowid FROM rows_search WHERE rows_search MATCH ? ORDER BY rowid")
        connection = opened
        statement = select
        state.withLock { $0.interrupter = opened.interrupter }
        return select
    }
}
