/// What measuring one row gave, sorted into what the height engine can take.
///
/// The engine accepts finite heights in `0...TableLayout.maximumRowHeight`. A measurer that
/// answers NaN, an infinity or a negative height, or content taller than the per-row limit,
/// must not stop the row (or any other row) from being laid out: the first keeps its
/// estimate, the second is laid out at the limit, and both are reported to the user.
enum RowHeightOutcome: Equatable {
    /// The content is still on its way (a rich row loading): the row keeps its estimate.
    case pending
    /// A height the engine accepts as it is.
    case height(Double)
    /// Taller than ``TableLayout/maximumRowHeight``: the row is laid out at the limit.
    case tooTall(measured: Double)
    /// NaN, infinite or negative: the row keeps its estimate.
    case unmeasurable(Double)

    /// Sorts a computed height; nil means pending.
    ///
    /// - Complexity: O(1).
    init(_ computed: Double?) {
        guard let computed else { self = .pending; return }
        if computed.isNaN || computed < 0 || computed == .infinity {
            self = .unmeasurable(computed)
        } else if computed > TableLayout.maximumRowHeight {
            self = .tooTall(measured: computed)
        } else {
            self = .height(computed)
        }
    }

    /// The height to give the engine, or nil when the row keeps its estimate.
    ///
    /// - Complexity: O(1).
    var engineHeight: Double? {
        switch self {
        case .pending, .unmeasurable: nil
        case .height(let height): height
        case .tooTall: TableLayout.maximumRowHeight
        }
    }
}
