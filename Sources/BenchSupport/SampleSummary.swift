/// Order statistics of a set of samples (frame times, latencies), by the nearest-rank method.
public struct SampleSummary: Sendable, Equatable {
    public let count: Int
    public let median: Double
    public let p95: Double
    public let minimum: Double
    public let maximum: Double

    /// Summarises `samples`; all figures are 0 when there are none.
    ///
    /// - Complexity: O(n log n) for n samples.
    public init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        func rank(_ fraction: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let index = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
            return sorted[min(max(index, 0), sorted.count - 1)]
        }
        median = rank(0.5)
        p95 = rank(0.95)
        minimum = sorted.first ?? 0
        maximum = sorted.last ?? 0
    }

    /// The figures as a JSON object.
    public var json: [String: Any] {
        ["count": count, "median": median, "p95": p95, "min": minimum, "max": maximum]
    }
}
