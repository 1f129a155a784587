/// What changed in a ``Table`` since the last ``Table/takeChanges()``, so a store writes only
/// the rows touched (W6): the structural changes in the order they happened, the current
/// content of every row whose content changed, and the marks of every row where only they
/// changed (written alone, never over the row's content).
///
/// A placement names the row's neighbours right after the change, so a store that applies
/// placements in order finds those neighbours adjacent and can give the row an order key
/// between theirs, writing one row.
///
/// It may also carry where the window was left (``view``), written in the same transaction.
///
/// Invariant: no id is in both ``rows`` and ``marks``.
public struct RowChanges: Hashable, Sendable {
    /// One structural change.
    public enum Placement: Hashable, Sendable {
        /// The row was inserted or moved between `after` and `before` (nil: the table's start or end).
        case placed(RowID, after: RowID?, before: RowID?)
        /// The row was deleted.
        case removed(RowID)
        /// The rows from `first` through `last` in table order were deleted together as
        /// `batch` (E3): one statement, and the rows stay recoverable until the store purges
        /// them, so ``untrashed(batch:)`` (an undo) brings them back with their content.
        case trashed(batch: Int64, first: RowID, last: RowID)
        /// The rows of `batch` came back, where they were.
        case untrashed(batch: Int64)
    }

    /// Structural changes, oldest first.
    public var placements: [Placement]
    /// The content of every changed row that still exists, by id.
    public var rows: [RowID: Row]
    /// The marks of every row that still exists where only they changed, by id.
    public var marks: [RowID: RowMarks]
    /// The window's size and scroll position to remember, if they are to be written.
    public var view: ViewState?

    /// - Complexity: O(size of `marks`).
    public init(placements: [Placement] = [], rows: [RowID: Row] = [:], marks: [RowID: RowMarks] = [:], view: ViewState? = nil) {
        self.placements = placements
        self.rows = rows
        self.marks = marks.filter { rows[$0.key] == nil }
        self.view = view
    }

    /// - Complexity: O(1).
    public var isEmpty: Bool { placements.isEmpty && rows.isEmpty && marks.isEmpty && view == nil }

    /// Adds changes made after these (a save that failed is retried together with the next).
    /// Newer content and view state win; newer marks go into an older whole row; placements
    /// keep their order.
    ///
    /// - Complexity: O(size of `newer`).
    public mutating func absorb(_ newer: RowChanges) {
        placements += newer.placements
        view = newer.view ?? view
        for (id, row) in newer.rows {
            rows[id] = row
            marks[id] = nil
        }
        for (id, newest) in newer.marks {
            if var row = rows[id] {
                (row.flagged, row.done, row.pinned) = (newest.flagged, newest.done, newest.pinned)
                rows[id] = row
            } else {
                marks[id] = newest
            }
        }
    }
}
