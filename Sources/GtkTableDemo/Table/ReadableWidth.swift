/// The rows' readable width (P7): in a wide window the rows are at most `maximum` px wide and
/// centred in the table, so lines of text stay short enough to read; below that they take the
/// table's whole width. The table itself keeps the whole width, so the scrollbar stays at the
/// window's edge and the margins beside the rows still scroll the table.
enum ReadableWidth {
    /// The widest rows get, in logical px.
    static let maximum: Int32 = 800

    /// The rows' width in a table `width` px wide: at least 1.
    ///
    /// - Complexity: O(1).
    static func rowWidth(forTableWidth width: Int32) -> Int32 {
        max(1, min(width, maximum))
    }
}
