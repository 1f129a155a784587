/// Collects which rows a ``Table`` touched since the last hand-over, for ``RowChanges``.
///
/// Invariant: `placements` is in the order the changes happened; `markIDs` and `contentIDs`
/// are disjoint (a row whose content changed is written whole, its marks included).
struct ChangeTracker {
    private(set) var placements: [RowChanges.Placement] = []
    private(set) var contentIDs: Set<RowID> = []
    private(set) var markIDs: Set<RowID> = []
    /// The rows placed (moved, created, put back) while a batch delete stood, oldest first.
    /// The store places a row by its live neighbours, so it may put it on the wrong side of
    /// trashed rows between them; undoing a batch delete places again every row placed
    /// since it (``batchDeleteUndone(placedSince:)``). Empty while no batch delete stands.
    /// Kept across hand-overs.
    private(set) var placedWhileTrashing: [RowID] = []
    /// How many batch deletes stand (done or redone, not undone).
    private var standingBatchDeletes = 0

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
        if standingBatchDeletes > 0 { placedWhileTrashing.append(id) }
    }

    /// A batch delete was done or redone. Returns its mark in ``placedWhileTrashing``.
    ///
    /// - Complexity: O(1).
    mutating func batchDeleteStands() -> Int {
        standingBatchDeletes += 1
        return placedWhileTrashing.count
    }

    /// The batch delete whose mark is `mark` was undone. Returns the rows placed since it
    /// (with repeats), and forgets them all when no batch delete stands any more.
    ///
    /// - Complexity: O(k) for the k rows returned.
    mutating func batchDeleteUndone(placedSince mark: Int) -> [RowID] {
        let placed = Array(placedWhileTrashing[min(mark, placedWhileTrashing.count)...])
        standingBatchDeletes = max(0, standingBatchDeletes - 1)
        if standingBatchDeletes == 0 { placedWhileTrashing.removeAll() }
        return placed
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

    /// `mark` was set (`on`) or cleared on the rows from `first` through `last`, in table
    /// order, as part of the batch mark `step` (kept apart in the store until it can no
    /// longer be undone).
    ///
    /// - Complexity: O(1) amortised.
    mutating func marked(step: Int64, mark: BatchMark, on: Bool, first: RowID, last: RowID) {
        placements.append(.marked(step: step, mark: mark, on: on, first: first, last: last))
    }

    /// The batch mark `step` was undone.
    ///
    /// - Complexity: O(1) amortised.
    mutating func unmarked(step: Int64) {
        placements.append(.unmarked(step: step))
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
