/// Collects which rows a ``Table`` touched since the last hand-over, for ``RowChanges``.
///
/// Invariant: `placements` is in the order the changes happened; `markIDs` and `contentIDs`
/// are disjoint (a row whose content changed is written whole, its marks included).
struct ChangeTracker {
    private(set) var placements: [RowChanges.Placement] = []
    private(set) var contentIDs: Set<RowID> = []
    private(set) var markIDs: Set<RowID> = []

    /// - Complexity: O(1) amortised.
    mutating func content(_ id: RowID) {
        contentIDs.insert(id)
        markIDs.remove(id)
    }

    /// Only the row's marks changed.
    ///
    /// - Complexity: O(1) amortised.
    mutating func marks(_ id: RowID) {
        if !contentIDs.contains(id) { markIDs.insert(id) }
    }

    /// - Complexity: O(1) amortised.
    mutating func placed(_ id: RowID, after: RowID?, before: RowID?) {
        placements.append(.placed(id, after: after, before: before))
    }

    /// - Complexity: O(1) amortised.
    mutating func removed(_ id: RowID) {
        placements.append(.removed(id))
        contentIDs.remove(id)
        markIDs.remove(id)
    }

    /// The rows from `first` through `last`, in table order, were deleted in bulk as part of
    /// `batch` (kept in the store until the batch can no longer be undone).
    ///
    /// - Complexity: O(1) amortised.
    mutating func trashed(batch: Int64, first: RowID, last: RowID) {
        placements.append(.trashed(batch: batch, first: first, last: last))
    }

    /// The rows of `batch` came back.
    ///
    /// - Complexity: O(1) amortised.
    mutating func untrashed(batch: Int64) {
        placements.append(.untrashed(batch: batch))
    }

    /// The changes so far, with each changed row's current content (or marks) from `row`,
    /// and a fresh start.
    ///
    /// - Complexity: O(rows touched).
    mutating func take(_ row: (RowID) -> Row?) -> RowChanges {
        var rows: [RowID: Row] = [:]
        for id in contentIDs { if let current = row(id) { rows[id] = current } }
        var marks: [RowID: RowMarks] = [:]
        for id in markIDs { if let current = row(id) { marks[id] = RowMarks(of: current) } }
        let changes = RowChanges(placements: placements, rows: rows, marks: marks)
        placements.removeAll()
        contentIDs.removeAll()
        markIDs.removeAll()
        return changes
    }
}
