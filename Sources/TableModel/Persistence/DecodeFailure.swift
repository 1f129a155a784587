/// A loading error located by byte offset; ``RowsFile`` turns it into a ``RowsFileError``
/// with a line and column once, at the boundary.
struct DecodeFailure: Error {
    var offset: Int
    var reason: RowsFileError.Reason
    var rowIndex: Int? = nil
    var rowID: RowID? = nil
}
