extension Table {
    /// Opens or closes a toggle row (T1): it takes its id-derived height; only it changes (T2).
    ///
    /// - Throws: ``TableError/unknownRow(_:)``, ``TableError/unreadableRow(_:_:)`` or
    ///   ``TableError/wrongKind(_:expected:found:)``.
    /// - Complexity: O(log n).
    public func toggleOpen(_ id: RowID) throws(TableError) -> TableUpdate {
        let row = try writableRow(id)
        guard case .toggle = row.content else { throw .wrongKind(id, expected: .toggle, found: row.kind) }
        let update = try applyToggleOpen(id)
        history.record(.open(id), at: clock())
        history.breakCoalescing()
        return update
    }

    /// Opens or closes without recording it. Throws only before it changes anything.
    func applyToggleOpen(_ id: RowID) throws(TableError) -> TableUpdate {
        var row = try writableRow(id)
        guard case .toggle(let title, let open) = row.content else { throw .wrongKind(id, expected: .toggle, found: row.kind) }
        row.content = .toggle(title: title, open: !open)
        rows[id] = row
        noteChange(id)
        var update = measureRows([row])
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
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/unreadableRow(_:_:)`` (Undo
    ///   could only put a placeholder back); nothing changes then.
    /// - Complexity: O(log n).
    public func delete(_ id: RowID) throws(TableError) -> TableUpdate {
        let row = try writableRow(id)
        let whole = wholeLayout
        guard let index = whole.index(of: id) else { throw .unknownRow(id) }
        let height = whole.isMeasured(id) ? whole.height(of: id) : nil
        var update = try applyDelete(id)
        history.record(.delete(row, index: index, height: height), at: clock())
        history.breakCoalescing()
        update.undoToast = TableUpdate.UndoToast(row: id, action: .deleted(row.kind, excerpt: row.textExcerpt))
        return update
    }

    /// Deletes without recording it. Throws only before it changes anything.
    func applyDelete(_ id: RowID) throws(TableError) -> TableUpdate {
        _ = try writableRow(id)
        rememberCoverage(of: id)
        var update = TableUpdate()
        update.layout = try performDelete(id)
        rows[id] = nil
        arriving.forget(id)
        measuring.memo.forget(id)
        swipe.forget(id)
        focus.forget(id)
        noteRemoval(id)
        return update
    }

    /// Puts a deleted row back at `index` of the whole table (clamped), with its content,
    /// marks and height (measured at the current width: ``setWidth(_:)`` forgets the heights
    /// in the history); a filtered table shows it too. Throws only before it changes anything.
    func applyInsert(_ row: Row, at index: Int, height: Double?) throws(TableError) -> TableUpdate {
        let usableHeight = height.flatMap { RowHeightOutcome($0).engineHeight }
        var update = TableUpdate()
        update.layout = try performInsert(RowSpec(id: row.id, kind: row.kind, measuredHeight: usableHeight), atWholeIndex: index)
        restoreCoverage(of: row.id)
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
        sectionTop(forRowAt: index, in: wholeLayout)
    }

    /// ``sectionTop(forRowAt:)`` in `layout`: the whole table's or the shown rows'.
    ///
    /// - Complexity: O(log n).
    func sectionTop(forRowAt index: Int, in layout: TableLayout) -> Int {
        let headers = layout.index.countOfKind(.header, before: index)
        guard headers > 0, let header = layout.index.indexOfKind(.header, ordinal: headers - 1) else { return 0 }
        return header + 1
    }

    /// Pins a row (S6): marks it pinned and moves it to the top of its section. A pinned row
    /// stays as it is.
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/headerHasNoActions(_:)``.
    /// - Complexity: O(log n).
    public func pin(_ id: RowID) throws(TableError) -> TableUpdate {
        try markable(id)
        guard let from = wholeLayout.index(of: id), rows[id]?.pinned == false else { return unchangedUpdate() }
        let to = sectionTop(forRowAt: from)
        let update = try applyPin(true, to: id, at: to)
        history.record(.pin(id, from: from, to: to, pinned: true), at: clock())
        history.breakCoalescing()
        return update
    }

    /// Unpins a row (S9): clears the mark and moves it just below the section's other pinned
    /// rows, where unpinned rows begin. An unpinned row stays as it is.
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/headerHasNoActions(_:)``.
    /// - Complexity: O(p log n) for p pinned rows at the top of the section.
    public func unpin(_ id: RowID) throws(TableError) -> TableUpdate {
        try markable(id)
        let layout = wholeLayout
        guard let from = layout.index(of: id), rows[id]?.pinned == true else { return unchangedUpdate() }
        var end = sectionTop(forRowAt: from)
        while end < layout.count, rows[layout.id(at: end)]?.pinned == true { end += 1 }
        let to = max(from, end - 1)
        let update = try applyPin(false, to: id, at: to)
        history.record(.pin(id, from: from, to: to, pinned: false), at: clock())
        history.breakCoalescing()
        return update
    }

    /// Sets the pin mark of row `id` and moves it to `index` of the whole table.
    func applyPin(_ pinned: Bool, to id: RowID, at index: Int) throws(TableError) -> TableUpdate {
        var update = try applyMark(id) { $0.pinned = pinned }
        guard wholeLayout.index(of: id) != index else { return update }
        update.layout = try performMove(id, toWholeIndex: index)
        notePlacement(id)
        return update
    }

    /// Toggles the row's flag mark (S6).
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/headerHasNoActions(_:)``.
    /// - Complexity: O(1) expected.
    public func toggleFlag(_ id: RowID) throws(TableError) -> TableUpdate {
        try markable(id)
        let update = try applyMark(id) { $0.flagged.toggle() }
        history.record(.flag(id), at: clock())
        history.breakCoalescing()
        return update
    }

    /// Toggles the row's done mark (S6).
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/headerHasNoActions(_:)``.
    /// - Complexity: O(1) expected.
    public func toggleDone(_ id: RowID) throws(TableError) -> TableUpdate {
        try markable(id)
        let update = try applyMark(id) { $0.done.toggle() }
        history.record(.done(id), at: clock())
        history.breakCoalescing()
        return update
    }

    func markable(_ id: RowID) throws(TableError) {
        guard try writableRow(id).kind != .header else { throw .headerHasNoActions(id) }
    }

    /// Changes row `id`'s marks with `change`, which must touch nothing else: only the mark
    /// columns are written (``RowChanges/marks``). A note is measured again: its marks bar
    /// comes and goes with its marks when its text fits (N2).
    func applyMark(_ id: RowID, _ change: (inout Row) -> Void) throws(TableError) -> TableUpdate {
        var row = try writableRow(id)
        change(&row)
        rows[id] = row
        noteMarksChange(id)
        var update = row.kind == .note ? measureRows([row]) : unchangedUpdate()
        update.refresh.append(id)
        return update
    }
}
