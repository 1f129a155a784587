/// Something about one row that the table could not do in full while carrying out an
/// intent, told in words a user understands: a row that could not be measured and keeps its
/// estimated height, or a row too tall to lay out whole. The intent itself succeeded; the
/// view shows `message` (a toast or a status line).
public struct RowProblem: Sendable, Equatable, CustomStringConvertible {
    /// The row concerned.
    public var row: RowID
    /// One sentence for the user; it names the row by its content, never by its id.
    public var message: String

    /// - Complexity: O(1).
    public init(row: RowID, message: String) {
        self.row = row
        self.message = message
    }

    public var description: String { message }
}
