/// Order keys next to rows a batch delete left in the store (trashed, E4) and a move (E1, E2,
/// pin) or a put-back delete made since. Such a row is placed by its live neighbours, so the
/// store cannot tell on which side of the trashed rows between them it belongs. The history
/// is linear: by the time the batch delete is undone, every later edit has been undone too,
/// and the rows those edits moved are placed again, now that the trashed rows are back in
/// the table.
extension Table {
    /// Places again, between their neighbours in the whole table, the rows that `later` (edits
    /// made after the batch delete being undone, all undone now) moved or put back: in table
    /// order, each run of them between the row before the run and the first row after it
    /// that kept its order key.
    ///
    /// - Complexity: O(k log k + k log n) for k rows those edits touched.
    func placeAgainRowsMoved(by later: [TableEdit]) {
        let whole = wholeLayout
        var moved = Set<RowID>()
        func collect(_ edit: TableEdit) {
            switch edit {
            case .move(let id, _, _), .pin(let id, _, _, _): moved.insert(id)
            case .delete(let row, _, _): moved.insert(row.id)
            case .group(let edits): edits.forEach(collect)
            case .text, .flag, .done, .expand, .open, .create, .deleteRows: break
            }
        }
        later.forEach(collect)
        let indices = moved.compactMap { whole.index(of: $0) }.sorted()
        let replaced = Set(indices)
        for index in indices {
            var next = index + 1
            while replaced.contains(next) { next += 1 }
            changes.placed(whole.id(at: index), after: index > 0 ? whole.id(at: index - 1) : nil,
                           before: next < whole.count ? whole.id(at: next) : nil)
        }
        if !indices.isEmpty { saveSchedule.noteChange(at: clock()) }
    }
}
