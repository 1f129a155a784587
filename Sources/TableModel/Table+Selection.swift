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
        selectionAnchor = nil
        layout.setSelection(RowSelection())
        update.selectionChanged = true
        return update
    }

    /// Selects row `id` if it was not selected, else deselects it (a click in selection
    /// mode, or Ctrl+click, which enters the mode). The row becomes where Shift+click
    /// extends from.
    ///
    /// - Throws: ``TableError/unknownRow(_:)``; nothing changes then.
    /// - Complexity: O(log n + r) for r selected ranges.
    public func toggleSelection(_ id: RowID) throws(TableError) -> TableUpdate {
        guard let position = layout.index(of: id) else { throw .unknownRow(id) }
        var update = enterSelectionMode()
        var selection = layout.selection
        selection.toggle(position)
        layout.setSelection(selection)
        selectionAnchor = id
        update.selectionChanged = true
        return update
    }

    /// Selects every row from the last row clicked (or the focused row, else the first row)
    /// through row `id` (Shift+click), entering selection mode.
    ///
    /// - Throws: ``TableError/unknownRow(_:)``; nothing changes then.
    /// - Complexity: O(log n + r) for r selected ranges, however many rows the range spans.
    public func extendSelection(to id: RowID) throws(TableError) -> TableUpdate {
        guard let position = layout.index(of: id) else { throw .unknownRow(id) }
        let from = [selectionAnchor, focusedRow].lazy.compactMap { $0 }.compactMap { self.layout.index(of: $0) }.first ?? position
        var update = enterSelectionMode()
        var selection = layout.selection
        selection.insert(min(from, position)..<max(from, position) + 1)
        layout.setSelection(selection)
        selectionAnchor = id
        update.selectionChanged = true
        return update
    }

    /// Selects every row (Ctrl+A), entering selection mode: one range, whatever the count.
    ///
    /// - Complexity: O(r) for r ranges selected before.
    public func selectAll() -> TableUpdate {
        var update = enterSelectionMode()
        var selection = RowSelection()
        selection.insert(0..<layout.count)
        layout.setSelection(selection)
        update.selectionChanged = true
        return update
    }

    /// What the window title says in selection mode: "1 row selected", "12 rows selected"
    /// (E3), "Select rows" when none is.
    ///
    /// - Complexity: O(1).
    public var selectionTitle: String {
        let count = layout.selection.count
        if count == 0 { return "Select rows" }
        return count == 1 ? "1 row selected" : "\(Table.groupedDigits(count)) rows selected"
    }

    /// `number` with a comma between groups of three digits: 1,000,000.
    static func groupedDigits(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return number < 0 ? "-" + grouped : grouped
    }
}
