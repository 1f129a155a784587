/// A mark a batch action sets or clears on every selected row (E3).
public enum BatchMark: Sendable, CaseIterable {
    case flag, done, pin
}

extension Table {
    /// The most rows a batch mark changes row by row: each is read, changed and written.
    /// Above it, Flag and Done are a layer over the selected ranges; Pin is refused.
    public static let batchMarkLimit = 10_000

    /// Whether `mark` works on any number of rows (Flag and Done, with or without a find
    /// filter); Pin reorders each row, so it stops at ``batchMarkLimit``.
    ///
    /// - Complexity: O(1).
    public static func canMarkInLayer(_ mark: BatchMark) -> Bool {
        mark != .pin
    }

    /// Deletes every selected row as one step (E3, E4) and leaves selection mode: a range
    /// splice in the engine (instant when every row goes), one undo step, and one store
    /// transaction that keeps the rows until the step can no longer be undone. Undo puts
    /// every row back with its height, and the scroll position as it was. While a find
    /// filter is on, the selected rows go from the whole table (by their whole positions:
    /// the store trashes runs of the whole order) and from the shown rows.
    ///
    /// - Complexity: O(min(removed, kept) · log n + r) for r selected ranges, plus the rows
    ///   held in memory; filtered, plus mapping the selection (``wholeSelection(walkLimit:)``).
    public func deleteSelection() -> TableUpdate {
        guard !layout.selection.isEmpty else { return leaveSelectionMode() }
        let shownRanges = layout.selection.ranges
        let firstRow = layout.id(at: shownRanges[0].lowerBound)
        let ranges = filtering == nil ? shownRanges : wholeSelection().ranges
        let batch = Int64.random(in: 1...Int64.max)
        var update = applyBatchDelete(ranges: ranges, batch: batch, shownRanges: shownRanges)
        let deletion = BatchDeletion(removed: update.removed, held: update.held, batch: batch, firstRow: firstRow,
                                     placedMark: update.placedMark)
        history.record(.deleteRows(deletion), at: clock())
        history.breakCoalescing()
        update.update.absorb(leaveSelectionMode())
        let count = deletion.count
        update.update.undoToast = TableUpdate.UndoToast(
            row: firstRow, action: .deletedRows(count: count))
        return update.update
    }

    /// Removes the rows at `ranges`, positions of the whole table, without recording it.
    /// While filtered, the same rows go from the shown ones: `shownRanges` (their positions
    /// there) when given, else the shown rows are built again from the whole table.
    /// `placedMark` is the delete's mark among the rows placed while it stands
    /// (``ChangeTracker/batchDeleteStands()``).
    func applyBatchDelete(ranges: [Range<Int>], batch: Int64, shownRanges: [Range<Int>]? = nil)
        -> (update: TableUpdate, removed: TableLayout.RemovedRows, held: [RowID: Row], placedMark: Int) {
        var update = TableUpdate()
        let whole = wholeLayout
        let (layoutChanges, removed) = whole.removeRows(in: ranges)
        if filtering == nil {
            update.layout = layoutChanges
        } else if let shownRanges {
            let shownRemoved: TableLayout.RemovedRows
            (update.layout, shownRemoved) = layout.removeRows(in: shownRanges)
            let matchCount = matchesShown(after: shownRemoved)
            filtering?.matchCount = matchCount
        } else {
            update = refilter()
        }
        let isListed = { [whole] (id: RowID) in whole.kind(of: id) != nil }
        let held = rows.removeInBulk(count: removed.count, isListed: isListed)
        arriving.keep(where: isListed)
        measuring.memo.keep(where: isListed)
        swipe.forgetRows { !isListed($0) }
        focus.keep(where: isListed)
        let placedMark = store.record { changes in
            for (first, last) in removed.rangeEnds { changes.trashed(batch: batch, first: first, last: last) }
            return changes.batchDeleteStands()
        }
        update.selectionChanged = true
        return (update, removed, held, placedMark)
    }

    /// Redoes a batch delete.
    func applyBatchDelete(again deletion: BatchDeletion) -> TableUpdate {
        let (update, removed, held, placedMark) = applyBatchDelete(ranges: deletion.ranges, batch: deletion.batch)
        deletion.record(removed, held: held, placedMark: placedMark)
        return update
    }

    /// Undoes a batch delete: the rows, their heights, the scroll position come back; nothing
    /// is selected then.
    ///
    /// - Throws: ``TableError/layout(_:)`` if the delete's record is gone (it is kept while the
    ///   delete stands, so only a history out of order could get here); nothing changes then.
    func applyBatchRestore(_ deletion: BatchDeletion) throws(TableError) -> TableUpdate {
        guard let removed = deletion.removed else { throw .layout(.unknownRow(deletion.firstRow, operation: "undo a batch delete")) }
        var update = TableUpdate()
        update.layout = wholeLayout.restore(removed)
        deletion.forgetRemoved()
        // The rows come back unselected: a selection made since is of other positions.
        wholeLayout.setSelection(RowSelection())
        if filtering != nil { update = refilter() }
        rows.restore(deletion.held, count: deletion.count)
        let placedSince = store.record { changes in
            changes.untrashed(batch: deletion.batch)
            for id in deletion.held.keys { changes.content(id) }
            return changes.batchDeleteUndone(placedSince: deletion.placedMark)
        }
        placeAgain(placedSince)
        update.selectionChanged = true
        return update
    }

    /// Sets (`on`) or clears `mark` on every selected row that has marks (section headers
    /// have none), as one undo step; Pin moves the rows to the top of their sections in
    /// their order, Unpin below the pinned rows. Rows already so are left alone. Flag and
    /// Done on more than ``batchMarkLimit`` rows are a layer over the selected ranges
    /// (``markSelectionInLayer(_:to:)``), whatever their number.
    ///
    /// - Throws: ``TableError/tooManyRowsToMark(_:limit:)`` for Pin on more than
    ///   ``batchMarkLimit`` selected rows; nothing changes then.
    /// - Complexity: O(k log n) for k selected rows, plus reading them; above the limit
    ///   O(r + m log n) for r ranges and m measured notes.
    public func setMark(_ mark: BatchMark, to on: Bool) throws(TableError) -> TableUpdate {
        let selected = layout.selection
        if selected.count > markLayers.rowByRowLimit {
            guard Table.canMarkInLayer(mark), selected.count > Table.batchMarkLimit || mark != .pin else {
                throw .tooManyRowsToMark(selected.count, limit: Table.batchMarkLimit)
            }
            return markSelectionInLayer(mark, to: on)
        }
        var ids: [RowID] = []
        for range in selected.ranges { for position in range { ids.append(layout.id(at: position)) } }
        let targets = ids.filter { id in
            guard let row = rows[id], row.kind != .header, rows.readFailure(of: id) == nil else { return false }
            switch mark {
            case .flag: return row.flagged != on
            case .done: return row.done != on
            case .pin: return row.pinned != on
            }
        }
        var update = unchangedUpdate()
        var edits: [TableEdit] = []
        // Pins go in reverse, so the rows keep their order at the top of their section (and
        // unpinned ones theirs below the pinned).
        for id in mark == .pin ? targets.reversed() : targets {
            do throws(TableError) {
                switch mark {
                case .flag:
                    update.absorb(try applyMark(id) { $0.flagged = on })
                    edits.append(.flag(id))
                case .done:
                    update.absorb(try applyMark(id) { $0.done = on })
                    edits.append(.done(id))
                case .pin:
                    guard let from = layout.index(of: id) else { continue }
                    var to = sectionTop(forRowAt: from)
                    if !on {
                        while to < layout.count, rows[layout.id(at: to)]?.pinned == true { to += 1 }
                        to = max(from, to - 1)
                    }
                    update.absorb(try applyPin(on, to: id, at: to))
                    edits.append(.pin(id, from: from, to: to, pinned: on))
                }
            } catch {
                // Checked above: every target exists and is readable, so no step throws.
                continue
            }
        }
        guard !edits.isEmpty else { return update }
        history.record(.group(edits), at: clock())
        history.breakCoalescing()
        update.undoToast = TableUpdate.UndoToast(
            row: edits[0].row, action: .marked(mark, on: on, count: edits.count))
        update.selectionChanged = true
        return update
    }
}
