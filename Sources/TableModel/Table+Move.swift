extension Table {
    /// A direction to move a row by one place (E2).
    public enum MoveStep: Sendable {
        case up, down
    }

    /// Moves row `id` one place up or down (E2, the keyboard's move). A row at the edge of
    /// its section crosses the header into the neighbouring section: up, to the end of the
    /// section above; down, to the top of the section below, just under its pinned rows. A
    /// pinned row moves only among the pinned rows of its section. With nowhere to go the
    /// table is unchanged and the result is nil.
    ///
    /// - Throws: ``TableError/unknownRow(_:)``, ``TableError/unreadableRow(_:_:)`` or
    ///   ``TableError/headerHasNoActions(_:)`` (headers stay where they are); nothing
    ///   changes then.
    /// - Complexity: O(log n), plus O(p log n) for p pinned rows passed when entering a
    ///   section from above.
    public func moveRow(_ id: RowID, _ step: MoveStep) throws(TableError) -> TableUpdate? {
        try markable(id)
        guard let from = layout.index(of: id) else { throw .unknownRow(id) }
        guard let to = stepDestination(from: from, step, pinned: rows[id]?.pinned == true) else { return nil }
        return try moveRow(id, to: to)
    }

    /// Moves row `id` so that it ends up at `index` of the shown rows (counted after the
    /// move, as ``BatchUpdate/move(_:to:)``): one splice in the engine, one undo step (in
    /// whole-table indices), and only the moved row written to the store, with an order key
    /// between its new neighbours'. A row already at `index` is left as it is.
    ///
    /// While filtered, the row takes the place of the shown row now at `index`: just before
    /// it when moving up, just after it when moving down, in the whole table too; the
    /// hidden rows stay where they are, and a row that is not pinned still lands below any
    /// pinned rows (hidden or not) at the top of a section.
    ///
    /// - Throws: ``TableError/unknownRow(_:)``, ``TableError/unreadableRow(_:_:)``,
    ///   ``TableError/headerHasNoActions(_:)`` or ``TableError/layout(_:)`` for an index
    ///   outside the shown rows; nothing changes then.
    /// - Complexity: O(log n), plus O(p log n) for p hidden pinned rows passed when filtered.
    public func moveRow(_ id: RowID, to index: Int) throws(TableError) -> TableUpdate {
        try markable(id)
        guard let from = layout.index(of: id), let wholeFrom = wholeLayout.index(of: id) else { throw .unknownRow(id) }
        guard from != index else { return unchangedUpdate() }
        guard index >= 0, index < layout.count else {
            throw .layout(.indexOutOfRange(index, validRange: 0..<layout.count, operation: "move"))
        }
        let to = wholeDestination(of: id, shownIndex: index)
        guard to != wholeFrom else { return unchangedUpdate() }
        let update = try applyMove(id, to: to)
        history.record(.move(id, from: wholeFrom, to: to), at: clock())
        history.breakCoalescing()
        return update
    }

    /// The index a drag of row `id` that would end at `proposed` (after the move, clamped
    /// into the shown rows) may really end at (E2): a pinned row stays among the pinned rows
    /// of its section; any other row lands below the pinned rows it would go above. Nil for
    /// a header or an unknown row.
    ///
    /// - Complexity: O(log n + p log n) for p pinned rows passed.
    public func dropIndex(for id: RowID, proposed: Int) -> Int? {
        dropIndex(for: id, proposed: proposed, in: layout)
    }

    /// ``dropIndex(for:proposed:)`` in `layout`: the shown rows, or the whole table.
    private func dropIndex(for id: RowID, proposed: Int, in layout: TableLayout) -> Int? {
        guard let from = layout.index(of: id), layout.kind(of: id) != .header, layout.count > 0 else { return nil }
        var index = min(max(0, proposed), layout.count - 1)
        // The row at after-move position `k` among the others (the moved row taken out).
        func other(_ k: Int) -> Int { k < from ? k : k + 1 }
        if rows[id]?.pinned == true {
            let top = sectionTop(forRowAt: from, in: layout)
            var end = top
            while other(end) < layout.count, isPinnedRow(at: other(end), in: layout) { end += 1 }
            return min(max(index, top), end)
        }
        while index < layout.count - 1, isPinnedRow(at: other(index), in: layout) { index += 1 }
        return index
    }

    /// The whole-table index (after the move) for moving row `id` to `shownIndex` of the
    /// shown rows: the same index when unfiltered; else the place of the shown row now at
    /// `shownIndex` (the moved row goes just before it when it comes from below, just after
    /// it when it comes from above), kept clear of hidden pinned rows.
    ///
    /// - Complexity: O(log n + p log n) for p pinned rows passed.
    private func wholeDestination(of id: RowID, shownIndex: Int) -> Int {
        guard isFiltered, let target = wholeLayout.index(of: layout.id(at: shownIndex)) else { return shownIndex }
        return dropIndex(for: id, proposed: target, in: wholeLayout) ?? target
    }

    /// Moves without recording it, to `index` of the whole table; a shown row moves among the
    /// shown rows to match. Throws only before it changes anything.
    func applyMove(_ id: RowID, to index: Int) throws(TableError) -> TableUpdate {
        var update = TableUpdate()
        update.layout = try performMove(id, toWholeIndex: index)
        notePlacement(id)
        return update
    }

    /// Where a one-place move of the row at `from` ends (an index after the move), or nil.
    ///
    /// - Complexity: O(log n), plus O(p log n) for p pinned rows passed.
    private func stepDestination(from: Int, _ step: MoveStep, pinned: Bool) -> Int? {
        let neighbour = step == .up ? from - 1 : from + 1
        guard neighbour >= 0, neighbour < layout.count else { return nil }
        let neighbourIsHeader = layout.kind(of: layout.id(at: neighbour)) == .header
        if pinned {
            return !neighbourIsHeader && isPinnedRow(at: neighbour, in: layout) ? neighbour : nil
        }
        switch step {
        case .up:
            guard neighbourIsHeader || isPinnedRow(at: neighbour, in: layout) else { return neighbour }
            // The top of this section's unpinned rows: to the end of the section above.
            let header = sectionTop(forRowAt: from, in: layout) - 1
            return header > 0 ? header : nil
        case .down:
            guard neighbourIsHeader else { return neighbour }
            // The end of this section: to the top of the next, below its pinned rows.
            var below = neighbour + 1
            while below < layout.count, isPinnedRow(at: below, in: layout) { below += 1 }
            return below - 1
        }
    }
}
