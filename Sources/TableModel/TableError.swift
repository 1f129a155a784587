/// Why a ``Table`` rejected an intent. The table is unchanged whenever one is thrown.
public enum TableError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No row has this id.
    case unknownRow(RowID)
    /// The intent needs a row of another kind (for example expanding a toggle row).
    case wrongKind(RowID, expected: RowKind, found: RowKind)
    /// More than ``RowLimits/maxTextBytes`` of text.
    case textTooLarge(RowID, bytes: Int, limit: Int)
    /// A width or viewport height that is negative, NaN, infinite or above ``RowLimits/maxViewLength``.
    case invalidLength(Double, name: String)
    /// The note's text fits in 64 px and it is collapsed: there is nothing to expand (N2).
    case nothingToExpand(RowID)
    /// Section headers have no swipe actions and no marks.
    case headerHasNoActions(RowID)
    /// No action at this index on this edge.
    case unknownAction(RowID, edge: SwipeEdge, index: Int)
    /// The height engine refused the change.
    case layout(BatchUpdateError)
    /// The row's content could not be read from its store, so nothing may change it
    /// (it would write a placeholder over what is stored).
    case unreadableRow(RowID, RowReadFailure)
    /// A batch mark (flag, done, pin) on more rows than ``Table/batchMarkLimit``.
    case tooManyRowsToMark(Int, limit: Int)
    /// Every row id up to the largest possible is taken, so no row can be created.
    case noRowIDsLeft

    public var description: String {
        switch self {
        case .unknownRow(let id): "no row has id \(id)"
        case .wrongKind(let id, let expected, let found): "row \(id) is a \(found.name) row, not a \(expected.name) row"
        case .textTooLarge(let id, let bytes, let limit): "row \(id): \(bytes) bytes of text is more than the limit of \(limit)"
        case .invalidLength(let value, let name): "a \(name) of \(value) px is not a length from 0 to \(Int(RowLimits.maxViewLength)) px"
        case .nothingToExpand(let id): "row \(id): the text fits, there is nothing to expand"
        case .headerHasNoActions(let id): "row \(id) is a section header and has no actions"
        case .unknownAction(let id, let edge, let index): "row \(id) has no \(edge) action \(index)"
        case .layout(let error): error.description
        case .unreadableRow(let id, let failure): "row \(id) could not be read and is left as stored: \(failure.message)"
        case .tooManyRowsToMark(let count, let limit): "\(count) rows selected for a mark, more than the limit of \(limit)"
        case .noRowIDsLeft: "no row id is left above the largest one in use"
        }
    }
}
