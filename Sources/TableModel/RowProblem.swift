/// Something about one row that the table could not do in full while carrying out an
/// intent: a row that could not be measured and keeps its estimated height, a row too tall
/// to lay out whole, or a step of the history that could not be applied. The model says
/// which; the app words it in the user's language and shows it (`RowProblemWording`).
public struct RowProblem: Sendable, Equatable, CustomStringConvertible {
    /// What could not be done.
    public enum Kind: Sendable, Equatable {
        /// The row is taller than the table lays out one row: it is cut off at `limit` pixels.
        case cutOff(limit: Int)
        /// The row could not be measured: it is shown at an estimated height.
        case notMeasured
        /// The table could not take the row's new height (`reason`, for the log).
        case notLaidOut(reason: String)
        /// The last change to the row could not be undone (`undo`) or redone, so it was
        /// dropped from the history; nothing changed.
        case stepDropped(undo: Bool)
    }

    /// The row concerned.
    public var row: RowID
    public var kind: Kind

    /// - Complexity: O(1).
    public init(row: RowID, kind: Kind) {
        self.row = row
        self.kind = kind
    }

    /// For the log, in English, naming the row by id (a user sees the app's wording).
    public var description: String {
        switch kind {
        case .cutOff(let limit): "row \(row.rawValue) is cut off at \(limit) px"
        case .notMeasured: "row \(row.rawValue) could not be measured and is shown at an estimated height"
        case .notLaidOut(let reason): "row \(row.rawValue) could not be laid out: \(reason)"
        case .stepDropped(let undo): "the last change to row \(row.rawValue) could not be \(undo ? "undone" : "redone") and was dropped from the history"
        }
    }
}
