/// Why a batch update, a height change or a table build was rejected. The table is
/// unchanged whenever one of these is thrown.
public enum BatchUpdateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No row has this id; `operation` names the request that used it.
    case unknownRow(RowID, operation: String)
    /// This id is already in the table, or appears twice where it may appear once.
    case duplicateRow(RowID, operation: String)
    /// Two requests in one batch target the same row in ways that cannot both happen.
    case conflictingOperations(RowID, first: String, second: String)
    /// A destination index is outside `validRange` (the after-update indices).
    case indexOutOfRange(Int, validRange: Range<Int>, operation: String)
    /// Two inserts or moves end at the same after-update index.
    case duplicateDestination(Int)
    /// The height is NaN, infinite, negative or above `TableLayout.maximumRowHeight`.
    case invalidHeight(Double, RowID)
    /// An estimate policy's height is NaN, infinite, negative or above the maximum.
    case invalidEstimate(Double, RowKind)

    /// What went wrong and where, in one sentence.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case let .unknownRow(id, operation):
            "\(operation): no row has id \(id)"
        case let .duplicateRow(id, operation):
            "\(operation): row id \(id) is already used"
        case let .conflictingOperations(id, first, second):
            "row \(id) is both in \(first) and in \(second)"
        case let .indexOutOfRange(index, range, operation):
            "\(operation): index \(index) is outside \(range.lowerBound)..<\(range.upperBound)"
        case let .duplicateDestination(index):
            "two inserts or moves go to index \(index)"
        case let .invalidHeight(height, id):
            "row \(id): height \(height) is not a finite number in 0...\(TableLayout.maximumRowHeight)"
        case let .invalidEstimate(height, kind):
            "\(kind.name) estimate: height \(height) is not a finite number in 0...\(TableLayout.maximumRowHeight)"
        }
    }
}
