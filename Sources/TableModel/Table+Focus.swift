extension Table {
    /// The row whose text has focus, if any.
    ///
    /// - Complexity: O(1).
    public var editingRow: RowID? { focus.editingRow }

    /// The row that has keyboard focus (itself or a widget inside it), if any.
    ///
    /// - Complexity: O(1).
    public var focusedRow: RowID? { focus.focusedRow }

    /// Gives row `id` the keyboard focus, or none (nil). The view keeps the focused row's
    /// widget alive while it is scrolled away, so no action loses it (N10).
    ///
    /// - Throws: ``TableError/unknownRow(_:)``; nothing changes then.
    /// - Complexity: O(1) expected.
    public func setFocusedRow(_ id: RowID?) throws(TableError) {
        if let id { _ = try existingRow(id) }
        focus.focusedRow = id
    }
}
