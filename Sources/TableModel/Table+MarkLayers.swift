/// Batch Flag and Done above ``Table/batchMarkLimit`` (E3): a mark layer over the selected
/// positions instead of a write to each row, so a million rows cost what a batch delete
/// does. Reads apply the live layers a row's stored value does not include yet; a row stored
/// while layers are live includes them, and each layer first remembers the row's value
/// before it, so undo restores every row's exact mark. The history is linear, so the layer
/// undone is always the newest live one.
extension Table {
    /// Lets the row contents apply the live layers on every read.
    func installMarkLayers() {
        rows.applyMarkLayers = { [weak self] id, row, after, record in
            self?.applyMarkLayers(to: id, &row, after: after, record: record)
        }
    }

    /// Applies to `row` the live layers newer than `after` that cover it, oldest first;
    /// with `record`, each remembers the row's value before it (once).
    ///
    /// - Complexity: O(l + log n) for l live layers (each a search of its ranges).
    private func applyMarkLayers(to id: RowID, _ row: inout Row, after: Int, record: Bool) {
        guard row.kind != .header else { return }
        let whole = wholeLayout
        var position: Int?
        for layer in markLayers.layers where layer.serial > after {
            if position == nil { position = whole.index(of: id) ?? -1 }
            guard let position, position >= 0, whole.markCoverage[layer.serial]?.contains(position) == true else { continue }
            if record && layer.before[id] == nil { layer.before[id] = layer.mark.isSet(in: row) }
            layer.mark.set(layer.on, in: &row)
        }
    }

    /// Row `id` is about to be deleted alone: remembers the live layers covering it (and,
    /// by storing it, its value before each), for ``restoreCoverage(of:)``.
    ///
    /// - Complexity: O(l log r + log n) for l live layers.
    func rememberCoverage(of id: RowID) {
        guard !markLayers.isEmpty else { return }
        _ = rows.settled(id)
        let whole = wholeLayout
        guard let position = whole.index(of: id) else { return }
        let serials = markLayers.layers.map(\.serial).filter { whole.markCoverage[$0]?.contains(position) == true }
        markLayers.coverageOfDeletedRows[id] = serials.isEmpty ? nil : serials
    }

    /// Row `id` came back where a delete took it from (an undo): it is under the layers that
    /// covered it again. The history is linear, so they are still live.
    ///
    /// - Complexity: O(l r + log n) for l layers and r ranges each.
    func restoreCoverage(of id: RowID) {
        guard let serials = markLayers.coverageOfDeletedRows.removeValue(forKey: id), let position = wholeLayout.index(of: id) else { return }
        let whole = wholeLayout
        for serial in serials { whole.markCoverage[serial]?.insert(position..<position + 1) }
    }

    /// Sets or clears `mark` on every selected row as one layer and one undo step; while a
    /// find filter is on, the layer covers the selected matches' positions in the whole table
    /// (``wholeSelection()``), never a row the filter hides. The toast counts the rows with
    /// marks among them (headers have none), counted in the table as shown: the same rows,
    /// in fewer ranges (a filtered Ctrl+A is a range per section there, and one per run of
    /// neighbouring matches in the whole table).
    ///
    /// - Complexity: O(k + r + l + m log n) for k rows selected, r ranges of the whole table,
    ///   l leaves and m measured notes (plus ``wholeSelection()`` while filtered).
    func markSelectionInLayer(_ mark: BatchMark, to on: Bool) -> TableUpdate {
        let shown = layout
        let headers = shown.index.countOfKind(.header, in: shown.selection.ranges)
        let selected = wholeSelection()
        let whole = wholeLayout
        let marking = BatchMarking(mark: mark, on: on, ranges: selected, firstRow: whole.id(at: selected.ranges[0].lowerBound),
                                   count: selected.count - headers)
        var update = pushMarkLayer(marking, covering: selected)
        history.record(.markRows(marking), at: clock())
        history.breakCoalescing()
        update.undoToast = TableUpdate.UndoToast(
            row: marking.firstRow, action: .marked(mark, on: on, count: marking.count))
        update.selectionChanged = true
        return update
    }

    /// Makes `marking` live over `covered` (a new step or a redo).
    func pushMarkLayer(_ marking: BatchMarking, covering covered: RowSelection) -> TableUpdate {
        marking.before = [:]
        let serial = markLayers.push(marking)
        let whole = wholeLayout
        whole.markCoverage[serial] = covered
        rows.latestMarkLayer = serial
        rows.hasMarkLayers = true
        // Each range's first and last rows, found in one walk (a filtered Ctrl+A has a range
        // per run of neighbouring matches: tens of thousands at a million rows). The one-row
        // ranges go into one array made once: an array per range cost 4 ms at 89,278 ranges.
        var endRows: [Range<Int>] = []
        endRows.reserveCapacity(2 * covered.ranges.count)
        for range in covered.ranges {
            endRows.append(range.lowerBound..<range.lowerBound + 1)
            endRows.append(range.upperBound - 1..<range.upperBound)
        }
        let ends = whole.index.ids(in: endRows)
        store.record { changes in
            for number in covered.ranges.indices {
                changes.marked(step: Int64(marking.serial), mark: marking.mark, on: marking.on,
                               first: RowID(ends[2 * number]), last: RowID(ends[2 * number + 1]))
            }
        }
        return remeasureRows(covered: covered)
    }

    /// Undoes `marking`, the newest live layer: rows stored since it get their value from
    /// before it back; the others read without it.
    ///
    /// - Throws: ``TableError/layout(_:)`` if it is not the newest live layer (only a
    ///   history out of order could do that); nothing changes then.
    /// - Complexity: O(s + m log n) for s rows stored since it and m measured notes.
    func popMarkLayer(_ marking: BatchMarking) throws(TableError) -> TableUpdate {
        let whole = wholeLayout
        guard let covered = whole.markCoverage[marking.serial], markLayers.popNewest(marking) else {
            throw .layout(.unknownRow(marking.firstRow, operation: "undo a batch mark"))
        }
        whole.markCoverage[marking.serial] = nil
        rows.hasMarkLayers = !markLayers.isEmpty
        marking.keep(covered)
        var restored: [RowID] = []
        for (id, value) in marking.before {
            guard var row = rows[id] else { continue }
            marking.mark.set(value, in: &row)
            rows[id] = row
            noteMarksChange(id)
            restored.append(id)
        }
        marking.before = [:]
        store.record { $0.unmarked(step: Int64(marking.serial)) }
        marking.serial = 0
        var update = remeasureRows(covered: covered)
        update.refresh += restored.filter { !update.refresh.contains($0) }
        update.selectionChanged = true
        return update
    }

    /// Re-measures the notes a layer covers whose height the table knows (their marks bar
    /// may come or go) and refreshes the covered rows in view or a viewport away, before and
    /// after the new heights move them (rows a shrinking note brings into view have cells
    /// bound before the change).
    ///
    /// - Complexity: O(m log n + v) for m measured notes and v rows in view.
    private func remeasureRows(covered: RowSelection) -> TableUpdate {
        let whole = wholeLayout
        let isCovered = { (id: RowID) in whole.index(of: id).map(covered.contains) ?? false }
        let near = { [layout] in layout.visibleRows(overscan: layout.viewportHeight).map(\.id).filter(isCovered) }
        var refresh = measuring.memo.noteHeights.keys.filter(isCovered)
        var known = Set(refresh)
        for id in near() where known.insert(id).inserted { refresh.append(id) }
        var update = measureRows(refresh.compactMap { id in rows[id].flatMap { $0.kind == .note ? $0 : nil } })
        for id in near() where known.insert(id).inserted { refresh.append(id) }
        update.refresh += refresh
        return update
    }
}
