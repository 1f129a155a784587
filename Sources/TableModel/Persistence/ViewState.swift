/// Where the user left a database's window (P1): its size and what the table showed at its
/// top, restored at the next launch on the same database. Kept in the database itself, so it
/// follows the file, and written in the writer's transactions, so a file the app cannot
/// write (or read) never gets one.
///
/// Invariant: `width` and `height` are positive logical pixels; `anchorOffset` is finite and
/// at least 0 (how far the table was scrolled into `anchorRow`).
public struct ViewState: Hashable, Sendable {
    public var width: Int
    public var height: Int
    /// The row at the top of the viewport, nil for an empty table.
    public var anchorRow: RowID?
    public var anchorOffset: Double

    /// - Complexity: O(1).
    public init(width: Int, height: Int, anchorRow: RowID?, anchorOffset: Double) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.anchorRow = anchorRow
        self.anchorOffset = anchorOffset.isFinite ? max(0, anchorOffset) : 0
    }
}
