/// The rows the user's attention is on: the note being edited, the row with keyboard focus,
/// and the row a Shift+click extends a selection from (E3). Each is nil when no such row
/// exists.
///
/// Invariant: each names a row of the table; a deleted row is let go (``forget(_:)``,
/// ``keep(where:)``).
struct RowFocus {
    /// The row whose text has focus.
    var editingRow: RowID?
    /// The row that has keyboard focus (itself or a widget inside it).
    var focusedRow: RowID?
    /// The last row clicked in selection mode.
    var selectionAnchor: RowID?

    /// Lets row `id` go, which was deleted.
    ///
    /// - Complexity: O(1).
    mutating func forget(_ id: RowID) {
        keep { $0 != id }
    }

    /// Lets go every row for which `isListed` does not hold.
    ///
    /// - Complexity: O(1) calls of `isListed`.
    mutating func keep(where isListed: (RowID) -> Bool) {
        if let row = editingRow, !isListed(row) { editingRow = nil }
        if let row = focusedRow, !isListed(row) { focusedRow = nil }
        if let row = selectionAnchor, !isListed(row) { selectionAnchor = nil }
    }
}
