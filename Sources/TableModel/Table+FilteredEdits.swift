/// Structural edits on a filtered table (F4). Rows are deleted, inserted and moved in the
/// whole table, by its indices (so undo puts them back in place whatever the filter is when
/// it runs), and the same change is made to the shown rows: a row inserted or moved goes
/// after the nearest row before it in the whole table that is shown. Heights measured while
/// filtered are given to the whole table too. Unfiltered, each is one batch on ``Table/layout``.
extension Table {
    /// Deletes row `id` from the whole table and from the shown rows.
    ///
    /// - Complexity: O(log n).
    func performDelete(_ id: RowID) throws(TableError) -> ChangeSet {
        var batch = BatchUpdate()
        batch.delete(id)
        guard let whole = filtering?.whole else {
            return try engine { () throws(BatchUpdateError) in try layout.performBatch(batch) }
        }
        _ = try engine { () throws(BatchUpdateError) in try whole.performBatch(batch) }
        guard layout.kind(of: id) != nil else { return unchangedUpdate().layout }
        let changes = try engine { () throws(BatchUpdateError) in try layout.performBatch(batch) }
        if filtering?.isMatch(id) == true { filtering?.matchCount -= 1 }
        return changes
    }

    /// Inserts `spec` at `wholeIndex` (clamped) of the whole table, and shows it.
    ///
    /// - Complexity: O(log n), plus O(g log n) for g hidden rows before it when filtered.
    func performInsert(_ spec: RowSpec, atWholeIndex wholeIndex: Int) throws(TableError) -> ChangeSet {
        let whole = wholeLayout
        var batch = BatchUpdate()
        batch.insert(spec, at: min(max(0, wholeIndex), whole.count))
        let changes = try engine { () throws(BatchUpdateError) in try whole.performBatch(batch) }
        guard filtering != nil else { return changes }
        var shown = BatchUpdate()
        shown.insert(spec, at: shownIndex(following: spec.id))
        let shownChanges = try engine { () throws(BatchUpdateError) in try layout.performBatch(shown) }
        if filtering?.isMatch(spec.id) == true { filtering?.matchCount += 1 }
        return shownChanges
    }

    /// Moves row `id` to `wholeIndex` of the whole table; a shown row moves to match.
    ///
    /// - Complexity: O(log n), plus O(g log n) for g hidden rows before it when filtered.
    func performMove(_ id: RowID, toWholeIndex wholeIndex: Int) throws(TableError) -> ChangeSet {
        let whole = wholeLayout
        var batch = BatchUpdate()
        batch.move(id, to: wholeIndex)
        let changes = try engine { () throws(BatchUpdateError) in try whole.performBatch(batch) }
        guard filtering != nil, let from = layout.index(of: id) else { return filtering == nil ? changes : unchangedUpdate().layout }
        var to = shownIndex(following: id)
        if from < to { to -= 1 }
        guard to != from else { return unchangedUpdate().layout }
        var shown = BatchUpdate()
        shown.move(id, to: to)
        return try engine { () throws(BatchUpdateError) in try layout.performBatch(shown) }
    }

    /// Where row `id` of the whole table belongs among the shown rows as they are now: just
    /// after the nearest shown row before it in the whole table (other than itself), or first.
    ///
    /// - Complexity: O(g log n) for g hidden rows between them.
    func shownIndex(following id: RowID) -> Int {
        let whole = wholeLayout
        guard var index = whole.index(of: id) else { return layout.count }
        while index > 0 {
            index -= 1
            if let shown = layout.index(of: whole.id(at: index)) { return shown + 1 }
        }
        return 0
    }

    /// How many shown rows match the filter's query after `removed` left the shown rows:
    /// the matches among the fewer of the removed and the kept rows are counted.
    ///
    /// - Complexity: O(min(removed, kept) + r log m) for r removed ranges of m shown rows.
    func matchesShown(after removed: TableLayout.RemovedRows) -> Int {
        guard let filtering else { return 0 }
        var counted = 0
        if removed.count <= layout.count {
            removed.forEachID { if filtering.isMatch($0) { counted += 1 } }
            return filtering.matchCount - counted
        }
        layout.index.forEachRow(from: 0) { record in
            if filtering.isMatch(RowID(record.id)) { counted += 1 }
            return true
        }
        return counted
    }

    /// Gives the whole table the heights a batch gave the shown rows (every row shown is in
    /// the whole table, so the batch is valid there); the whole table's anchor stays put.
    ///
    /// - Complexity: O(k log n) for k rows in the batch.
    func mirrorHeightsToWholeTable(_ batch: BatchUpdate) {
        guard let whole = filtering?.whole else { return }
        _ = try? whole.performBatch(batch)
    }

    /// Checks that the shown rows are rows of the whole table, in its order, each measured
    /// one at the whole table's height for it, and that the match count counts them.
    ///
    /// - Complexity: O(m log n) for m shown rows.
    func _checkFilterInvariants() {
        guard let filtering else { return }
        let whole = filtering.whole
        layout._checkInvariants()
        var previous = -1
        var matched = 0
        layout.index.forEachRow(from: 0) { record in
            let id = RowID(record.id)
            if filtering.isMatch(id) { matched += 1 }
            guard let index = whole.index(of: id) else { preconditionFailure("filter: shown row \(id) is not in the table") }
            precondition(index > previous, "filter: shown row \(id) is out of order")
            previous = index
            if record.state == .measured {
                precondition(whole.height(of: id) == layout.height(of: id), "filter: row \(id) is shown at another height")
            }
            return true
        }
        precondition(matched == filtering.matchCount, "filter: \(matched) shown rows match, the count says \(filtering.matchCount)")
    }
}
