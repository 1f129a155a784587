/// Collects which rows a ``Table`` touched since the last hand-over, for ``RowChanges``.
///
/// Invariant: `placements` is in the order the changes happened.
struct ChangeTracker {
    private(set) var placements: [RowChanges.Placement] = []
    private(set) var contentIDs: Set<RowID> = []

    /// - Complexity: O(1) amortised.
    mutating func content(_ id: RowID) { contentIDs.insert(id) }

    /// - Complexity: O(1) amortised.
    mutating func placed(_ id: RowID, after: RowID?, before: RowID?) {
        placements.append(.placed(id, after: after, before: before))
    }

    /// - Complexity: O(1) amortised.
    mutating func removed(_ id: RowID) {
        placements.append(.removed(id))
        contentIDs.remove(id)
    }

    /// The changes so far, with each changed row's current content from `row`, and a fresh start.
    ///
    /// - Complexity: O(rows touched).
    mutating func take(_ row: (RowID) -> Row?) -> RowChanges {
        var rows: [RowID: Row] = [:]
        for id in contentIDs { if let current = row(id) { rows[id] = current } }
        let changes = RowChanges(placements: placements, rows: rows)
        placements.removeAll()
        contentIDs.removeAll()
        return changes
    }
}
