/// What a batch delete of the selection needs to be undone and redone (E4): the layout's
/// record of the removed rows (``TableLayout/RemovedRows``), the removed rows' content that
/// was held in memory, and the store's name for the batch, whose rows it keeps until the
/// batch can no longer be undone.
///
/// Compared by identity: each batch delete is one.
public final class BatchDeletion: Hashable, Sendable {
    let removed: TableLayout.RemovedRows
    let held: [RowID: Row]
    let batch: Int64
    /// The first removed row, the one an edit is named by.
    let firstRow: RowID

    init(removed: TableLayout.RemovedRows, held: [RowID: Row], batch: Int64, firstRow: RowID) {
        self.removed = removed
        self.held = held
        self.batch = batch
        self.firstRow = firstRow
    }

    /// The number of rows deleted.
    public var count: Int { removed.count }

    public static func == (lhs: BatchDeletion, rhs: BatchDeletion) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
