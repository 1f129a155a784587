extension Table {
    /// Opens or closes a toggle row (T1): it takes its id-derived height; only it changes (T2).
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/wrongKind(_:expected:found:)``.
    /// - Complexity: O(log n).
    public func toggleOpen(_ id: RowID) throws(TableError) -> TableUpdate {
        let row = try existingRow(id)
        guard case .toggle = row.content else { throw .wrongKind(id, expected: .toggle, found: row.kind) }
        history.record(.open(id), at: clock())
        history.breakCoalescing()
        return try applyToggleOpen(id)
    }

    func applyToggleOpen(_ id: RowID) throws(TableError) -> TableUpdate {
        guard var row = rows[id], case .toggle(let title, let open) = row.content else { throw .unknownRow(id) }
        row.content = .toggle(title: title, open: !open)
        rows[id] = row
        noteChange(id)
        var update = try measure([id])
        update.refresh.append(id)
        return update
    }

    /// The label a toggle row shows: the height it is laid out at (T3).
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/wrongKind(_:expected:found:)``.
    /// - Complexity: O(1) expected.
    public func toggleLabel(for id: RowID) throws(TableError) -> String {
        let row = try existingRow(id)
        guard case .toggle(_, let open) = row.content else { throw .wrongKind(id, expected: .toggle, found: row.kind) }
        return ToggleSizing.label(forLaidOutHeight: layout.height(of: id) ?? ToggleSizing.height(for: id, open: open))
    }

    /// A grid row's chip frames, relative to the flow's origin (inset by the grid padding).
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/wrongKind(_:expected:found:)``.
    /// - Complexity: O(1) when cached, else O(chips).
    public func gridLayout(for id: RowID) throws(TableError) -> FlowLayout {
        let row = try existingRow(id)
        guard case .grid(let chips) = row.content else { throw .wrongKind(id, expected: .grid, found: row.kind) }
        return flow(for: id, chips: chips)
    }

    /// Deletes a row as one batch update; Undo restores it in place (S6).
    ///
    /// - Throws: ``TableError/unknownRow(_:)``; nothing changes then.
    /// - Complexity: O(log n).
    public func delete(_ id: RowID) throws(TableError) -> TableUpdate {
        let row = try existingRow(id)
        let index = layout.index(of: id)!
        let height = layout.isMeasured(id) ? layout.height(of: id) : nil
        var update = try applyDelete(id)
        history.record(.delete(row, index: index, height: height), at: clock())
        history.breakCoalescing()
        update.undoToast = TableUpdate.UndoToast(row: id, message: "Deleted")
        return update
    }

    func applyDelete(_ id: RowID) throws(TableError) -> TableUpdate {
        var batch = BatchUpdate()
        batch.delete(id)
        var update = TableUpdate()
        update.layout = try engine { () throws(BatchUpdateError) in try layout.performBatch(batch) }
        rows[id] = nil
        richStates[id] = nil
        noteContentHeights[id] = nil
        gridFlows[id] = nil
        swipe.forget(id)
        if editingRow == id { editingRow = nil }
        noteRemoval(id)
        return update
    }

    /// Puts a deleted row back at `index` (clamped), with its content, marks and height.
    func applyInsert(_ row: Row, at index: Int, height: Double?) throws(TableError) -> TableUpdate {
        var batch = BatchUpdate()
        batch.insert(RowSpec(id: row.id, kind: row.kind, measuredHeight: height), at: min(max(0, index), layout.count))
        var update = TableUpdate()
        update.layout = try engine { () throws(BatchUpdateError) in try layout.performBatch(batch) }
        rows[row.id] = row
        notePlacement(row.id)
        noteChange(row.id)
        return update
    }

    /// The index the Pin action moves row `index` to: just below its section's header, or
    /// the top of the table when no header precedes it.
    ///
    /// - Complexity: O(log n).
    func sectionTop(forRowAt index: Int) -> Int {
        let headers = layout.index.countOfKind(.header, before: index)
        guard headers > 0, let header = layout.index.indexOfKind(.header, ordinal: headers - 1) else { return 0 }
        return header + 1
    }

    /// Moves a row to the top of its section (S6). A row already there stays, and no undo
    /// step is recorded.
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/headerHasNoActions(_:)``.
    /// - Complexity: O(log n).
    public func pin(_ id: RowID) throws(TableError) -> TableUpdate {
        let row = try existingRow(id)
        guard row.kind != .header else { throw .headerHasNoActions(id) }
        let from = layout.index(of: id)!
        let to = sectionTop(forRowAt: from)
        guard from != to else { return unchangedUpdate() }
        let update = try applyMove(id, to: to)
        history.record(.move(id, from: from, to: to), at: clock())
        history.breakCoalescing()
        return update
    }

    func applyMove(_ id: RowID, to index: Int) throws(TableError) -> TableUpdate {
        var batch = BatchUpdate()
        batch.move(id, to: index)
        var update = TableUpdate()
        update.layout = try engine { () throws(BatchUpdateError) in try layout.performBatch(batch) }
        notePlacement(id)
        return update
    }

    /// Toggles the row's flag mark (S6).
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/headerHasNoActions(_:)``.
    /// - Complexity: O(1) expected.
    public func toggleFlag(_ id: RowID) throws(TableError) -> TableUpdate {
        try markable(id)
        history.record(.flag(id), at: clock())
        history.breakCoalescing()
        return try applyMark(id) { $0.flagged.toggle() }
    }

    /// Toggles the row's done mark (S6).
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/headerHasNoActions(_:)``.
    /// - Complexity: O(1) expected.
    public func toggleDone(_ id: RowID) throws(TableError) -> TableUpdate {
        try markable(id)
        history.record(.done(id), at: clock())
        history.breakCoalescing()
        return try applyMark(id) { $0.done.toggle() }
    }

    func markable(_ id: RowID) throws(TableError) {
        guard try existingRow(id).kind != .header else { throw .headerHasNoActions(id) }
    }

    func applyMark(_ id: RowID, _ change: (inout Row) -> Void) throws(TableError) -> TableUpdate {
        var row = try existingRow(id)
        change(&row)
        rows[id] = row
        noteChange(id)
        var update = unchangedUpdate()
        update.refresh.append(id)
        return update
    }
}
