#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import RowStore
import SQLiteStore
import TableModel

/// One table size of the find bench: builds the database and the table, then times queries.
struct FindRun {
    let rowCount: Int
    let repeats: Int

    func run() throws -> FindFigures {
        let folder = "/tmp/findbench-\(getpid())-\(rowCount)"
        mkdir(folder, 0o700)
        let path = folder + "/rows.sqlite"
        defer {
            for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
            rmdir(folder)
        }
        let rows = RowsGenerator(seed: 7, commonWord: FindBench.commonWord).rows(count: rowCount)
        var figures = FindFigures(rowCount: rowCount)
        let importStart = Clock.now()
        let database = try RowDatabase.create(path: path, rows: rows)
        figures.importSeconds = Clock.seconds(since: importStart)
        figures.databaseBytes = Clock.fileSize(path)
        figures.indexSeconds = try timeIndexRebuild(path)
        figures.databaseBytesWithoutIndex = try sizeWithoutIndex(path, folder: folder)

        let table = try Table(file: RowsFile(rows: rows), width: 480, viewportHeight: 720, measurer: FixedAdvanceMeasurer())
        _ = table.measureSample(of: min(1_024, rowCount / 2))
        _ = table.layOutVisibleRows(overscan: 120)
        // The baseline: Ctrl+A, Flag on the whole table (one range).
        figures.flagAllUnfiltered = try timeFlagAll(table, database)
        let searcher = RowSearcher(path: path)
        let shares = try FindBench.candidates.map { candidate in
            (candidate, Double(try search(searcher, candidate).matches.count) / Double(rowCount))
        }
        for target in FindBench.targets {
            let (query, share) = shares.min { abs($0.1 - target) < abs($1.1 - target) }!
            var searchMs: [Double] = []
            var prepareMs: [Double] = []
            var filterMs: [Double] = []
            var totalMs: [Double] = []
            var clearMs: [Double] = []
            var shown = 0
            var flagAll: FlagAllFigures?
            for repeatIndex in 0..<repeats {
                let timed = try search(searcher, query)
                let matches = timed.matches
                // As the app does: the snapshot and the adoption on the main thread, the build
                // between them on the searcher's.
                let start = Clock.now()
                let source = table.filterSource()
                let snapshot = Clock.seconds(since: start) * 1000
                let prepareStart = Clock.now()
                guard let prepared = PreparedFilter(source: source, matches: matches) else { preconditionFailure("not cancelled") }
                let prepare = Clock.seconds(since: prepareStart) * 1000
                let adoptStart = Clock.now()
                _ = table.filter(prepared, words: SearchQuery(query).words)
                let filter = snapshot + Clock.seconds(since: adoptStart) * 1000
                shown = table.count
                _ = table.layOutVisibleRows(overscan: 120)
                if repeatIndex == 0 { flagAll = try timeFlagAll(table, database) }
                let clearStart = Clock.now()
                _ = table.clearFilter()
                clearMs.append(Clock.seconds(since: clearStart) * 1000)
                searchMs.append(timed.milliseconds)
                prepareMs.append(prepare)
                filterMs.append(filter)
                totalMs.append(timed.milliseconds + prepare + filter)
            }
            figures.queries.append(.init(
                target: target, query: query, share: share, shownRows: shown,
                search: Summary(searchMs), prepare: Summary(prepareMs), filter: Summary(filterMs), total: Summary(totalMs), clear: Summary(clearMs),
                flagAll: flagAll))
        }
        return figures
    }

    /// Ctrl+A, Flag on the table as it is (filtered or not), then its Undo (E3): each intent's time on the main
    /// thread and the writer's transaction for it (``RowDatabase/apply(_:)``, off the main
    /// thread in the app), once. Above ``Table/batchMarkLimit`` rows it is a mark layer, one
    /// range of the whole table per run of matches that are neighbours there.
    private func timeFlagAll(_ table: Table, _ database: RowDatabase) throws -> FlagAllFigures {
        _ = table.takeChanges(force: true)
        let selectStart = Clock.now()
        _ = table.selectAll()
        var figures = FlagAllFigures(rows: table.selection.count)
        figures.selectMs = Clock.seconds(since: selectStart) * 1000
        let markStart = Clock.now()
        let update = try table.setMark(.flag, to: true)
        figures.markMs = Clock.seconds(since: markStart) * 1000
        guard update.undoToast != nil, let changes = table.takeChanges(force: true) else { return figures }
        figures.storeSteps = changes.placements.count + changes.marks.count
        let writeStart = Clock.now()
        try database.apply(changes)
        figures.writeMs = Clock.seconds(since: writeStart) * 1000
        let undoStart = Clock.now()
        _ = table.undo()
        figures.undoMs = Clock.seconds(since: undoStart) * 1000
        if let undone = table.takeChanges(force: true) {
            let undoWriteStart = Clock.now()
            try database.apply(undone)
            figures.undoWriteMs = Clock.seconds(since: undoWriteStart) * 1000
        }
        _ = table.leaveSelectionMode()
        return figures
    }

    /// Matches of `query` and how long the searcher took, from the call to the delivery.
    private func search(_ searcher: RowSearcher, _ query: String) throws -> (matches: RowMatches, milliseconds: Double) {
        let done = DispatchSemaphore(value: 0)
        let box = OutcomeBox()
        let start = Clock.now()
        searcher.search(SearchQuery(query)) { outcome in
            box.outcome = outcome
            box.seconds = Clock.seconds(since: start)
            done.signal()
        }
        done.wait()
        return (try box.outcome!.result.get(), box.seconds * 1000)
    }

    /// Seconds to index every row again, as a migration of an older database does.
    private func timeIndexRebuild(_ path: String) throws -> Double {
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.execute("INSERT INTO rows_search (rows_search) VALUES ('delete-all')")
        let start = Clock.now()
        try connection.execute("INSERT INTO rows_search (rowid, words) SELECT id, CASE rows.kind WHEN 'rich' THEN '' ELSE rows.text || ' ' || coalesce(rows.chips, '') END FROM rows")
        return Clock.seconds(since: start)
    }

    /// The size of a copy of the database with an empty index, compacted.
    private func sizeWithoutIndex(_ path: String, folder: String) throws -> Int {
        let copy = folder + "/without-index.sqlite"
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.execute("VACUUM INTO '\(copy)'")
        let stripped = try SQLiteConnection(path: copy, mode: .readWrite)
        try stripped.execute("DROP TABLE rows_search; VACUUM")
        defer { unlink(copy) }
        return Clock.fileSize(copy)
    }
}

/// Hands a searcher's outcome to the waiting bench thread (the semaphore orders the accesses).
final class OutcomeBox: @unchecked Sendable {
    var outcome: RowSearcher.Outcome?
    var seconds = 0.0
}

/// Monotonic time and file sizes, without Foundation.
enum Clock {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    static func seconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
