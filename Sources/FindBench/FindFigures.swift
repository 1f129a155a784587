/// Order statistics of milliseconds, by the nearest-rank method.
struct Summary {
    var median = 0.0
    var p95 = 0.0
    var max = 0.0

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        func rank(_ fraction: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return sorted[min(sorted.count - 1, Swift.max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))]
        }
        median = rank(0.5)
        p95 = rank(0.95)
        max = sorted.last ?? 0
    }

    var json: String { "{\"median\": \(median), \"p95\": \(p95), \"max\": \(max)}" }
}

/// What the find bench measured at one table size.
struct FindFigures {
    struct Query {
        var target: Double
        var query: String
        var share: Double
        var shownRows: Int
        /// The searcher's time, from the call to the delivery of the matches.
        var search: Summary
        /// Building the filtered layout from the snapshot (`PreparedFilter`): the searcher's thread's part.
        var prepare: Summary
        /// The main thread's part: the snapshot (`Table.filterSource`) and adopting the layout (`Table.filter(_:words:)`).
        var filter: Summary
        var total: Summary
        var clear: Summary
        /// Ctrl+A, Flag on the shown rows and its Undo, once.
        var flagAll: FlagAllFigures?
    }

    let rowCount: Int
    var importSeconds = 0.0
    var indexSeconds = 0.0
    var databaseBytes = 0
    var databaseBytesWithoutIndex = 0
    var queries: [Query] = []
    /// Ctrl+A, Flag with no filter on and its Undo, once: the baseline of ``Query/flagAll``.
    var flagAllUnfiltered: FlagAllFigures?

    static func json(_ all: [FindFigures]) -> String {
        "[" + all.map { figures in
            let queries = figures.queries.map { query in
                "{\"target\": \(query.target), \"query\": \"\(query.query.replacingQuotes)\", \"share\": \(query.share), "
                    + "\"shownRows\": \(query.shownRows), \"searchMs\": \(query.search.json), \"prepareMs\": \(query.prepare.json), \"filterMs\": \(query.filter.json), "
                    + "\"totalMs\": \(query.total.json), \"clearMs\": \(query.clear.json)"
                    + (query.flagAll.map { ", \"flagAll\": \($0.json)" } ?? "") + "}"
            }
            return "{\"n\": \(figures.rowCount), \"importSeconds\": \(figures.importSeconds), \"indexSeconds\": \(figures.indexSeconds), "
                + "\"databaseBytes\": \(figures.databaseBytes), \"databaseBytesWithoutIndex\": \(figures.databaseBytesWithoutIndex), "
                + (figures.flagAllUnfiltered.map { "\"flagAllUnfiltered\": \($0.json), " } ?? "")
                + "\"queries\": [" + queries.joined(separator: ", ") + "]}"
        }.joined(separator: ", ") + "]"
    }

    static func table(_ all: [FindFigures]) -> String {
        var lines: [String] = []
        for figures in all {
            lines.append("N = \(figures.rowCount): import \(format(figures.importSeconds, 2)) s (index part \(format(figures.indexSeconds, 2)) s), "
                + "database \(format(Double(figures.databaseBytes) / 1e6, 1)) MB (\(format(Double(figures.databaseBytesWithoutIndex) / 1e6, 1)) MB without the index)")
            if let flagAll = figures.flagAllUnfiltered { lines.append("  no filter: " + flagAll.text) }
            for query in figures.queries {
                lines.append("  \(format(query.share * 100, 2)) % \(query.query): search \(format(query.search.median, 1))/\(format(query.search.p95, 1))/\(format(query.search.max, 1)) ms, "
                    + "prepare \(format(query.prepare.median, 1))/\(format(query.prepare.p95, 1))/\(format(query.prepare.max, 1)) ms, "
                    + "filter (main thread) \(format(query.filter.median, 1))/\(format(query.filter.p95, 1))/\(format(query.filter.max, 1)) ms, "
                    + "total \(format(query.total.median, 1))/\(format(query.total.p95, 1))/\(format(query.total.max, 1)) ms, clear \(format(query.clear.max, 2)) ms (median/p95/max)")
                if let flagAll = query.flagAll { lines.append("    " + flagAll.text) }
            }
        }
        return lines.joined(separator: "\n")
    }

    static func format(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return "\(rounded)"
    }
}

/// Ctrl+A, Flag on a filtered table and its Undo (E3), in milliseconds: the main thread's
/// part of each (Ctrl+A's too: filtered, it leaves out the headers that only name a section)
/// and the writer's transaction for it. `storeSteps` counts what the writer
/// writes: rows (row by row) or ranges of the whole table (a mark layer).
struct FlagAllFigures {
    var rows: Int
    var storeSteps = 0
    var selectMs = 0.0
    var markMs = 0.0
    var writeMs = 0.0
    var undoMs = 0.0
    var undoWriteMs = 0.0

    var json: String {
        "{\"rows\": \(rows), \"storeSteps\": \(storeSteps), \"selectMs\": \(selectMs), \"markMs\": \(markMs), \"writeMs\": \(writeMs), "
            + "\"undoMs\": \(undoMs), \"undoWriteMs\": \(undoWriteMs)}"
    }

    var text: String {
        "select all \(FindFigures.format(selectMs, 1)) ms; flag all \(rows) rows: main thread \(FindFigures.format(markMs, 1)) ms, writer \(FindFigures.format(writeMs, 1)) ms "
            + "(\(storeSteps) steps); undo \(FindFigures.format(undoMs, 1)) ms, writer \(FindFigures.format(undoWriteMs, 1)) ms"
    }
}

extension String {
    var replacingQuotes: String { split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\\\"") }
}
