/// Order keys next to rows a batch delete left in the store (trashed, E4) and a row placed
/// since (moved, created, pinned, put back after a delete). Such a row is placed by its live
/// neighbours, so the store cannot tell on which side of the trashed rows between them it
/// belongs. When the batch delete is undone, the rows are back in the table, and every row
/// placed while it stood (``ChangeTracker/placedWhileTrashing``, whether its edit is still
/// in the history or not) is placed again: otherwise the file's order of live rows would
/// differ from the table's, and a later batch delete, written as ranges of that order,
/// would trash other rows than the table deleted.
extension Table {
    /// Places again, between their neighbours in the whole table, the rows of `placed` that
    /// are in it: in table order, each run of them between the row before the run and the
    /// first row after it that kept its order key.
    ///
    /// - Complexity: O(k log k + k log n) for k rows in `placed`.
    func placeAgain(_ placed: [RowID]) {
        let whole = wholeLayout
        let indices = Set(placed).compactMap { whole.index(of: $0) }.sorted()
        guard !indices.isEmpty else { return }
        let replaced = Set(indices)
        store.record { changes in
            for index in indices {
                var next = index + 1
                while replaced.contains(next) { next += 1 }
                changes.placed(whole.id(at: index), after: index > 0 ? whole.id(at: index - 1) : nil,
                               before: next < whole.count ? whole.id(at: next) : nil)
            }
        }
    }
}
