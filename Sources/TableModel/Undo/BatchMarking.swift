/// A batch Flag or Done (or their reverses) on more rows than ``Table/batchMarkLimit`` (E3):
/// a layer over the rows rather than a write to each. While live, the table's whole layout
/// keeps the positions it covers (``TableLayout/markCoverage``, under ``serial``) and every
/// read of a row applies it; the store keeps the step's rows apart from the mark columns
/// until it can no longer be undone. Undone, it keeps the positions it covered for a redo.
///
/// Invariant: `serial` is nonzero exactly while the layer is live, and `before` holds, for
/// each row stored since the layer was made, the mark's value just before the layer.
///
/// Thread-safety: used from the table's thread only, like the table. Compared by identity.
public final class BatchMarking: Hashable, @unchecked Sendable {
    /// The mark set or cleared (``BatchMark/flag`` or ``BatchMark/done``).
    let mark: BatchMark
    /// Whether the mark is set (true) or cleared.
    let on: Bool
    /// The covered positions while undone; while live the layout keeps them.
    private(set) var ranges: RowSelection
    /// The first covered row, the one the step is named by.
    let firstRow: RowID
    /// The number of rows it marks: the selected rows that have marks (headers have none),
    /// whether or not a row had the mark already. The toast says it.
    public let count: Int
    /// The layer's serial while live (also the store's name for the step), 0 while undone.
    var serial = 0
    /// The mark's value before the layer, of each row stored since it was made.
    var before: [RowID: Bool] = [:]

    init(mark: BatchMark, on: Bool, ranges: RowSelection, firstRow: RowID, count: Int) {
        self.mark = mark
        self.on = on
        self.ranges = ranges
        self.firstRow = firstRow
        self.count = count
    }

    /// The layer was undone while covering `ranges`: where a redo puts it back.
    func keep(_ ranges: RowSelection) { self.ranges = ranges }

    public static func == (lhs: BatchMarking, rhs: BatchMarking) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension BatchMark {
    /// Whether `row` has this mark.
    ///
    /// - Complexity: O(1).
    func isSet(in row: Row) -> Bool {
        switch self {
        case .flag: row.flagged
        case .done: row.done
        case .pin: row.pinned
        }
    }

    /// Sets (`on`) or clears this mark on `row`.
    ///
    /// - Complexity: O(1).
    func set(_ on: Bool, in row: inout Row) {
        switch self {
        case .flag: row.flagged = on
        case .done: row.done = on
        case .pin: row.pinned = on
        }
    }
}
