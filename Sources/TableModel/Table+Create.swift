extension Table {
    /// Creates an empty, collapsed note (E1) just after row `after`, or at the top of the
    /// first section shown when `after` is nil. A new row never lands among a section's
    /// pinned rows: it goes just below them. It is one splice in the engine, one undo step
    /// (undo deletes it, redo puts it back; the index is the whole table's) and one row for
    /// the store, placed between its neighbours' order keys. While filtered it is shown too,
    /// unselected, and stays shown until the search changes. The new row starts estimated,
    /// like any row not yet shown.
    ///
    /// - Returns: the new row's id and the update to apply.
    /// - Throws: ``TableError/unknownRow(_:)`` for an `after` the table does not have, or
    ///   ``TableError/noRowIDsLeft``; nothing changes then.
    /// - Complexity: O(log n), plus O(p) reads for p pinned rows skipped.
    public func createNote(after: RowID?) throws(TableError) -> (id: RowID, update: TableUpdate) {
        let index = try creationIndex(after: after)
        guard let raw = nextCreatedID else { throw .noRowIDsLeft }
        let row = Row(id: RowID(raw), content: .note(text: "", expanded: false))
        let update = try applyInsert(row, at: index, height: nil)
        nextCreatedID = raw < Int64.max ? raw + 1 : nil
        history.record(.create(row, index: index), at: clock())
        history.breakCoalescing()
        return (row.id, update)
    }

    /// Where ``createNote(after:)`` puts the new row, as an index of the whole table: after
    /// `after` (or after the first shown header, or at the start when none is shown), then
    /// past any pinned rows there, shown or not. While filtered, the new row is shown just
    /// below the shown row before it, and stays shown until the search changes.
    ///
    /// - Complexity: O(log n + p log n) for p pinned rows skipped.
    func creationIndex(after: RowID?) throws(TableError) -> Int {
        let whole = wholeLayout
        var index: Int
        if let after {
            guard let found = whole.index(of: after) else { throw .unknownRow(after) }
            index = found + 1
        } else if let header = layout.index.indexOfKind(.header, ordinal: 0), let found = whole.index(of: layout.id(at: header)) {
            index = found + 1
        } else {
            index = whole.index.indexOfKind(.header, ordinal: 0).map { $0 + 1 } ?? 0
        }
        while index < whole.count, isPinnedRow(at: index, in: whole) { index += 1 }
        return index
    }

    /// Whether the row at `index` of `layout` (the whole table's or the shown rows') is a
    /// pinned row (never a header).
    ///
    /// - Complexity: O(log n), plus one read when the row is not cached.
    func isPinnedRow(at index: Int, in layout: TableLayout) -> Bool {
        let id = layout.id(at: index)
        return layout.kind(of: id) != .header && rows[id]?.pinned == true
    }
}
