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
    /// The removed rows' content held in memory, as taken out (their stored form, which a
    /// redo takes afresh: a row stored again since keeps its value, not its form).
    private(set) var held: [RowID: Row]
    let batch: Int64
    /// The first removed row, the one an edit is named by.
    let firstRow: RowID
    /// The number of rows deleted.
    public let count: Int
    /// Where the rows placed since the removal start in the table's log of rows placed
    /// while a batch delete stands (``ChangeTracker/placedWhileTrashing``).
    private(set) var placedMark: Int

    init(removed: TableLayout.RemovedRows, held: [RowID: Row], batch: Int64, firstRow: RowID, placedMark: Int) {
        self.removed = removed
        ranges = removed.ranges
        count = removed.count
        self.held = held
        self.batch = batch
        self.firstRow = firstRow
        self.placedMark = placedMark
    }

    /// The removal was done again (redo): this is its record now, with the rows it took out.
    func record(_ removed: TableLayout.RemovedRows, held: [RowID: Row], placedMark: Int) {
        self.removed = removed
        self.held = held
        self.placedMark = placedMark
    }

    /// The removal was undone: its record is no longer needed.
    func forgetRemoved() { removed = nil }

    public static func == (lhs: BatchDeletion, rhs: BatchDeletion) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
