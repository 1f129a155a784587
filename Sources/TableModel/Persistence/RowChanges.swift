/// What changed in a ``Table`` since the last ``Table/takeChanges()``, so a store writes only
/// the rows touched (W6): the structural changes in the order they happened, and the current
/// content of every row whose content changed.
///
/// A placement names the row's neighbours right after the change, so a store that applies
/// placements in order finds those neighbours adjacent and can give the row an order key
/// between theirs, writing one row.
public struct RowChanges: Hashable, Sendable {
    /// One structural change.
    public enum Placement: Hashable, Sendable {
        /// The row was inserted or moved between `after` and `before` (nil: the table's start or end).
        case placed(RowID, after: RowID?, before: RowID?)
        /// The row was deleted.
        case removed(RowID)
    }

    /// Structural changes, oldest first.
    public var placements: [Placement]
    /// The content of every changed row that still exists, by id.
    public var rows: [RowID: Row]

    /// - Complexity: O(1).
    public init(placements: [Placement] = [], rows: [RowID: Row] = [:]) {
        self.placements = placements
        self.rows = rows
    }

    /// - Complexity: O(1).
    public var isEmpty: Bool { placements.isEmpty && rows.isEmpty }

    /// Adds changes made after these (a save that failed is retried together with the next).
    /// Newer content wins; placements keep their order.
    ///
    /// - Complexity: O(size of `newer`).
    public mutating func absorb(_ newer: RowChanges) {
        placements += newer.placements
        rows.merge(newer.rows) { _, newest in newest }
    }
}
