/// One undoable change to a ``Table``. Each case holds what is needed to apply it in both
/// directions.
public enum TableEdit: Hashable, Sendable, CoalescibleEdit {
    /// A note's text changed from `before` to `after`.
    case text(RowID, before: String, after: String)
    /// A row was deleted from `index` of the whole table (filtered or not); `height` is its
    /// measured height then, if it had one.
    case delete(Row, index: Int, height: Double?)
    /// A row was pinned (`pinned` true) or unpinned, moving from `from` to `to`.
    case pin(RowID, from: Int, to: Int, pinned: Bool)
    /// Flag toggled.
    case flag(RowID)
    /// Done toggled.
    case done(RowID)
    /// A note's Expand/Collapse toggled.
    case expand(RowID)
    /// A toggle row opened or closed.
    case open(RowID)
    /// Rows deleted together from the selection (E3, E4): how to put them back.
    case deleteRows(BatchDeletion)
    /// Several edits made as one step (a batch action on the selection), in the order made.
    case group([TableEdit])
    /// A row was created at `index` (E1); undo deletes it, redo puts it back.
    case create(Row, index: Int)
    /// A row moved from index `from` to index `to` (E2).
    case move(RowID, from: Int, to: Int)

    /// Consecutive text edits of the same row merge into one.
    ///
    /// - Complexity: O(1).
    public func coalesced(with newer: TableEdit) -> TableEdit? {
        guard case .text(let row, let before, _) = self, case .text(let newerRow, _, let after) = newer, row == newerRow else {
            return nil
        }
        return .text(row, before: before, after: after)
    }

    /// The row the edit concerns.
    ///
    /// - Complexity: O(1).
    public var row: RowID {
        switch self {
        case .text(let id, _, _), .pin(let id, _, _, _), .flag(let id), .done(let id), .expand(let id), .open(let id),
             .move(let id, _, _): id
        case .delete(let row, _, _), .create(let row, _): row.id
        case .deleteRows(let deletion): deletion.firstRow
        case .group(let edits): edits.first?.row ?? RowID(0)
        }
    }
}
