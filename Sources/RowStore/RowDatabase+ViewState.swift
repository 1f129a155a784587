import SQLiteStore
import TableModel

extension RowDatabase {
    /// Where the window was left on this database, if it was ever written.
    ///
    /// - Throws: ``SQLiteError``.
    /// - Complexity: O(1).
    public func viewState() throws(SQLiteError) -> ViewState? {
        let select = try statement("SELECT width, height, anchor_row, anchor_offset FROM view_state WHERE only = 0")
        defer { select.finishReading() }
        guard try select.step() else { return nil }
        return ViewState(width: Int(select.integer(0)), height: Int(select.integer(1)),
                         anchorRow: select.isNull(2) ? nil : RowID(select.integer(2)), anchorOffset: select.real(3))
    }

    /// Replaces the stored view state (inside the caller's transaction).
    ///
    /// - Complexity: O(1).
    func write(_ view: ViewState) throws(SQLiteError) {
        try statement("INSERT OR REPLACE INTO view_state (only, width, height, anchor_row, anchor_offset) VALUES (0, ?, ?, ?, ?)")
            .run([.integer(Int64(view.width)), .integer(Int64(view.height)), view.anchorRow.map { .integer($0.rawValue) } ?? .null,
                  .real(view.anchorOffset)])
    }
}
