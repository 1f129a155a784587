import SQLiteStore
import TableModel

/// Batch marks above the limit in the store (E3): a step's rows are kept apart from the mark
/// columns (`mark_step_rows`, one statement per selected range, in the writer's transaction)
/// while the step can be undone, so a row read by id always returns its mark from before
/// every step still undoable, whatever the writer has done yet; the table applies the steps
/// in memory. A step is folded into the columns when nothing can undo it any more: on quit,
/// and at the next open for the steps of a run that was killed.
extension RowDatabase {
    /// Keeps the live, non-header rows from `first` through `last` (in order) as rows of
    /// batch mark `step`, which sets (`on`) or clears `mark`. One statement, in the caller's
    /// transaction; a range whose end another program deleted keeps nothing.
    ///
    /// - Complexity: O(k log n) for the k rows in the range.
    func keepMarkStep(_ step: Int64, mark: BatchMark, on: Bool, from first: RowID, through last: RowID) throws(SQLiteError) {
        guard let column = Self.markColumn(mark), let low = try key(of: first), let high = try key(of: last) else { return }
        try statement("INSERT OR IGNORE INTO mark_steps (step, mark, value) VALUES (?, ?, ?)")
            .run([.integer(step), .text(column), .bool(on)])
        try statement("""
            INSERT OR IGNORE INTO mark_step_rows (step, id) SELECT ?, id FROM rows
            WHERE trashed IS NULL AND kind != 'header' AND (position, id) >= (?, ?) AND (position, id) <= (?, ?)
            """).run([.integer(step), .integer(low), .integer(first.rawValue), .integer(high), .integer(last.rawValue)])
    }

    /// Forgets batch mark `step` (it was undone), in the caller's transaction.
    ///
    /// - Complexity: O(k log n) for the step's k rows.
    func forgetMarkStep(_ step: Int64) throws(SQLiteError) {
        try statement("DELETE FROM mark_step_rows WHERE step = ?").run([.integer(step)])
        try statement("DELETE FROM mark_steps WHERE step = ?").run([.integer(step)])
    }

    /// Whether any batch mark step is kept.
    ///
    /// - Complexity: O(1).
    func hasMarkSteps() throws(SQLiteError) -> Bool {
        try statement("SELECT EXISTS (SELECT 1 FROM mark_steps)").integerResult([]) == 1
    }

    /// Row `id` was written with every step made so far included: it leaves them all.
    ///
    /// - Complexity: O(s log n) for the s steps that hold it.
    func leaveMarkSteps(_ id: RowID) throws(SQLiteError) {
        try statement("DELETE FROM mark_step_rows WHERE id = ?").run([.integer(id.rawValue)])
    }

    /// Writes every kept batch mark step into the mark columns, oldest first, and forgets
    /// them: one transaction, all or none. Only when nothing can undo them: on quit, and on
    /// opening a file before anything is read from it (steps a killed run left).
    ///
    /// - Complexity: O(k log n) for the k rows the steps hold.
    public func foldMarkSteps() throws(SQLiteError) {
        guard try hasMarkSteps() else { return }
        try connection.transaction { () throws(SQLiteError) in
            let steps = try statement("SELECT step, mark, value FROM mark_steps ORDER BY step")
            try steps.bind([])
            var found: [(step: Int64, column: String, value: Int64)] = []
            while try steps.step() { found.append((steps.integer(0), steps.text(1), steps.integer(2))) }
            for (step, column, value) in found {
                guard Self.markColumns.contains(column) else { continue }
                try statement("UPDATE rows SET \(column) = ? WHERE id IN (SELECT id FROM mark_step_rows WHERE step = ?)")
                    .run([.integer(value), .integer(step)])
            }
            try connection.execute("DELETE FROM mark_step_rows; DELETE FROM mark_steps")
        }
    }

    /// ``RowColumns/names``, with each mark column read as the table shows it: the value of
    /// the newest kept step that holds the row, else the column's own (a row written since a
    /// step leaves it). What a reader of every row (an export) sees while steps can be undone.
    static let columnNamesWithMarkSteps = RowColumns.names.split(separator: ", ").map { name in
        guard markColumns.contains(String(name)) else { return String(name) }
        return """
            COALESCE((SELECT s.value FROM mark_step_rows AS r JOIN mark_steps AS s ON s.step = r.step \
            WHERE r.id = rows.id AND s.mark = '\(name)' ORDER BY r.step DESC LIMIT 1), \(name))
            """
    }.joined(separator: ", ")

    /// The column a batch mark step writes; nil for Pin, which is never a step.
    private static func markColumn(_ mark: BatchMark) -> String? {
        switch mark {
        case .flag: "flagged"
        case .done: "done"
        case .pin: nil
        }
    }

    private static let markColumns: Set<String> = ["flagged", "done"]
}
