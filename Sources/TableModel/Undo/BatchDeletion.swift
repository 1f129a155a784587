/// What a batch delete of the selection needs to be undone and redone (E4): the layout's
/// record of the removed rows (``TableLayout/RemovedRows``) while the delete stands, the
/// removed rows' content that was held in memory, and the store's name for the batch, whose
/// rows it keeps until the batch can no longer be undone.
///
/// The layout's record is let go of once an undo has put its index back, so the live index
/// is the only holder of its storage again and the next change does not copy it; a redo
/// records afresh. Compared by identity: each batch delete is one.
///
/// Thread-safety: used from the table's thread only, like the table.
public final class BatchDeletion: Hashable, @unchecked Sendable {
    /// The layout's record of the removal while it stands (nil once undone).
    private(set) var removed: TableLayout.RemovedRows?
    /// The removed positions, before the removal.
    let ranges: [Range<Int>]
    let held: [RowID: Row]
    let batch: Int64
    /// The first removed row, the one an edit is named by.
    let firstRow: RowID
    /// The number of rows deleted.
    public let count: Int

    init(removed: TableLayout.RemovedRows, held: [RowID: Row], batch: Int64, firstRow: RowID) {
        self.removed = removed
        ranges = removed.ranges
        count = removed.count
        self.held = held
        self.batch = batch
        self.firstRow = firstRow
    }

    /// The removal was done again (redo): this is its record now.
    func record(_ removed: TableLayout.RemovedRows) { self.removed = removed }

    /// The removal was undone: its record is no longer needed.
    func forgetRemoved() { removed = nil }

    public static func == (lhs: BatchDeletion, rhs: BatchDeletion) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
