/// What measuring a row needs and what it learned: the text measurer, the view's metrics,
/// the width every row is laid out at, the memo of what was measured at that width and those
/// metrics, and how often each row was measured.
///
/// Invariant: `memo` holds only what was measured at `width` and `metrics` (the table clears
/// it when either changes); `counts` keeps counting across such changes.
struct MeasuringContext {
    let measurer: any TextMeasuring
    /// The geometry the view supplied.
    var metrics: RowMetrics
    /// The width every row is laid out at.
    var width: Double
    /// What measuring learned at the current width and metrics.
    var memo = MeasuringMemo()
    /// How many times each row was measured and handed to the engine.
    var counts: [RowID: Int] = [:]
}
