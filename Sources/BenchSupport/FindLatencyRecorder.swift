/// Times find queries: from the moment a query is set in the find entry to the end of the
/// first painted frame that shows its filtered rows, with the longest frame meanwhile: its
/// work, and its interval from the previous frame (the difference of their frame clock
/// times, as every other run measures it: a frame the main thread missed, busy inside a frame
/// or between two, shows as 33.3 ms).
@MainActor
final class FindLatencyRecorder {
    /// One timed query.
    struct Sample {
        let latencyMs: Double
        let maxFrameWorkMs: Double
        let maxFrameIntervalMs: Double
        let matches: Int
        /// How long setting the text took before returning: GTK's whole filter pass (not
        /// incremental); for ours, only starting the search.
        let setTextMs: Double
    }

    private(set) var samples: [String: [Sample]] = [:]
    private var pending: (query: String, start: Int, work: Int, interval: Int, setText: Int)?
    private var lastFrameTime: Int?

    /// True while a query waits for its filtered frame.
    var isWaiting: Bool { pending != nil }

    /// `query` was set at `start` (`g_get_monotonic_time`); setting it returned at `returned`.
    func started(_ query: String, at start: Int, returned: Int) {
        pending = (query, start, 0, 0, returned - start)
    }

    /// A frame ended; `shows` says whether it showed the pending query's rows.
    func frameEnded(_ frame: FrameRecorder.Frame, shows: (String) -> Bool, matches: () -> Int) {
        defer { lastFrameTime = frame.frameTime }
        guard var query = pending else { return }
        query.work = max(query.work, frame.work)
        query.interval = max(query.interval, frame.frameTime - (lastFrameTime ?? frame.frameTime))
        pending = query
        guard shows(query.query) else { return }
        pending = nil
        samples[query.query, default: []].append(Sample(
            latencyMs: Double(frame.end - query.start) / 1000, maxFrameWorkMs: Double(query.work) / 1000,
            maxFrameIntervalMs: Double(query.interval) / 1000, matches: matches(), setTextMs: Double(query.setText) / 1000))
    }

    /// Per query: its latencies, longest frames and match count, as JSON.
    func json(rows: Int) -> [String: Any] {
        samples.mapValues { runs in
            [
                "timed": runs.count, "latencyMs": SampleSummary(runs.map(\.latencyMs)).json,
                "maxFrameWorkMs": SampleSummary(runs.map(\.maxFrameWorkMs)).json,
                "maxFrameIntervalMs": SampleSummary(runs.map(\.maxFrameIntervalMs)).json,
                "setTextMs": SampleSummary(runs.map(\.setTextMs)).json,
                "matches": runs.last?.matches ?? 0, "rows": rows,
            ] as [String: Any]
        }
    }
}
