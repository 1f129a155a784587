extension Table {
    /// The rows in table order, as a file (for export and tests).
    ///
    /// - Complexity: O(n).
    public func snapshot() -> RowsFile {
        let layout = wholeLayout
        var ordered: [Row] = []
        ordered.reserveCapacity(layout.count)
        layout.index.forEachRow(from: 0) { record in
            if let row = rows[RowID(record.id)] { ordered.append(row) }
            return true
        }
        return RowsFile(rows: ordered, extraFields: store.fileExtraFields)
    }

    /// Whether there are changes not yet saved.
    ///
    /// - Complexity: O(1).
    public var hasUnsavedChanges: Bool { store.hasUnsavedChanges }

    /// When the app should save next (monotonic seconds, on the table's clock), or nil.
    ///
    /// - Complexity: O(1).
    public var saveDeadline: Double? { store.deadline }

    /// Whether a save is due now (W6).
    ///
    /// - Complexity: O(1).
    public var isSaveDue: Bool { store.isDue }

    /// Hands over what changed since the last call, when a save is due, or always when
    /// `force` (on quit): the rows touched and the structural changes, for a store that
    /// writes only those (W6). Nil when there is nothing to save or it is not due yet.
    /// The schedule then counts the changes as saved; a store that fails keeps them and
    /// retries them with the next ones (``RowChanges/absorb(_:)``).
    ///
    /// - Complexity: O(rows touched).
    public func takeChanges(force: Bool = false) -> RowChanges? {
        store.take(force: force) { rows.settled($0) }
    }
}
