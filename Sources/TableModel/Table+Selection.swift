extension Table {
    /// The selected rows, by position (E3).
    ///
    /// - Complexity: O(1).
    public var selection: RowSelection { layout.selection }

    /// Whether row `id` is selected.
    ///
    /// - Complexity: O(log n + log r) for r selected ranges.
    public func isSelected(_ id: RowID) -> Bool {
        guard !layout.selection.isEmpty, let position = layout.index(of: id) else { return false }
        return layout.selection.contains(position)
    }

    /// Whether row `id` can be selected: every row, but while a find filter is on not a
    /// header shown only to name the section of a match. It is a label there, not a row the
    /// search found, and Delete would take a section's header the user never looked for.
    ///
    /// - Complexity: O(log n).
    public func isSelectable(_ id: RowID) -> Bool {
        guard let filtering, layout.kind(of: id) == .header else { return true }
        return filtering.isMatch(id)
    }

    /// The selectable positions of shown rows `range` (``isSelectable(_:)``), as sorted ranges.
    ///
    /// - Complexity: O(1) unfiltered; filtered O(log n + range.count), a byte read a row.
    private func selectablePieces(of range: Range<Int>) -> [Range<Int>] {
        guard let filtering else { return [range] }
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        layout.index.forEachRow(ofKind: .header, in: range) { position, id in
            guard !filtering.isMatch(RowID(id)) else { return }
            if position > start { pieces.append(start..<position) }
            start = position + 1
        }
        if range.upperBound > start { pieces.append(start..<range.upperBound) }
        return pieces
    }

    /// Enters selection mode with nothing selected: open swipes close, and stay off until
    /// the mode ends.
    ///
    /// - Complexity: O(open rows).
    public func enterSelectionMode() -> TableUpdate {
        var update = unchangedUpdate()
        guard !isSelecting else { return update }
        isSelecting = true
        update.swipe = swipe.closeAll()
        update.selectionChanged = true
        return update
    }

    /// Leaves selection mode; the selection is cleared.
    ///
    /// - Complexity: O(1).
    public func leaveSelectionMode() -> TableUpdate {
        var update = unchangedUpdate()
        guard isSelecting else { return update }
        isSelecting = false
        focus.selectionAnchor = nil
        layout.setSelection(RowSelection())
        update.selectionChanged = true
        return update
    }

    /// Selects row `id` if it was not selected, else deselects it (a click in selection
    /// mode, or Ctrl+click, which enters the mode). The row becomes where Shift+click
    /// extends from. A row that cannot be selected (``isSelectable(_:)``) stays unselected.
    ///
    /// - Throws: ``TableError/unknownRow(_:)``; nothing changes then.
    /// - Complexity: O(log n + r) for r selected ranges.
    public func toggleSelection(_ id: RowID) throws(TableError) -> TableUpdate {
        guard let position = layout.index(of: id) else { throw .unknownRow(id) }
        var update = enterSelectionMode()
        var selection = layout.selection
        if isSelectable(id) { selection.toggle(position) }
        layout.setSelection(selection)
        focus.selectionAnchor = id
        update.selectionChanged = true
        return update
    }

    /// Selects every row from the last row clicked (or the focused row, else the first row)
    /// through row `id` (Shift+click), entering selection mode; while filtered, not the
    /// headers that only name a section.
    ///
    /// - Throws: ``TableError/unknownRow(_:)``; nothing changes then.
    /// - Complexity: O(log n + r) for r selected ranges, however many rows the range spans;
    ///   filtered, plus a byte read a row it spans.
    public func extendSelection(to id: RowID) throws(TableError) -> TableUpdate {
        guard let position = layout.index(of: id) else { throw .unknownRow(id) }
        let from = [focus.selectionAnchor, focusedRow].lazy.compactMap { $0 }.compactMap { self.layout.index(of: $0) }.first ?? position
        var update = enterSelectionMode()
        var selection = layout.selection
        selection.formUnion(selectablePieces(of: min(from, position)..<max(from, position) + 1))
        layout.setSelection(selection)
        focus.selectionAnchor = id
        update.selectionChanged = true
        return update
    }

    /// Selects every row (Ctrl+A), entering selection mode: one range, whatever the count;
    /// while filtered, every row but the headers that only name a section.
    ///
    /// - Complexity: O(1) unfiltered; filtered O(m) byte reads for m shown rows.
    public func selectAll() -> TableUpdate {
        var update = enterSelectionMode()
        var selection = RowSelection()
        selection.formUnion(selectablePieces(of: 0..<layout.count))
        layout.setSelection(selection)
        update.selectionChanged = true
        return update
    }
}
