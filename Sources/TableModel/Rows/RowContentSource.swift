/// Where a ``Table`` reads row content it does not hold: a store such as the rows database.
/// The table asks only for rows it lays out, binds or samples, and keeps what it read in a
/// bounded cache (``RowContents``).
public protocol RowContentSource: AnyObject {
    /// The stored content of row `id`, or why it cannot be read (the store lacks the row,
    /// or its stored columns do not make a row).
    ///
    /// - Complexity: expected O(log n) for a store of n rows.
    func content(of id: RowID) -> Result<Row, RowReadFailure>
}
