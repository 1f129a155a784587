/// What a filtered layout is built from off the main thread (``PreparedFilter``): a snapshot
/// of the whole table's height index, where its change journal stood then, and the rows to
/// show besides the index's matches. Taken on the main thread by
/// ``Table/filterSource(alsoShowing:)``.
///
/// The snapshot shares the index's storage (copy on write): taking it costs O(1), and the
/// first change the table then makes to an array the snapshot still holds copies that array
/// (a height change: the row heights and states, about 5 bytes a row). Drop it once the
/// filtered layout is built.
public struct FilterSource: Sendable {
    let index: HeightIndex
    let mark: LayoutJournal.Mark
    /// Rows shown although the index did not match them (loaded rich rows).
    let extra: Set<RowID>

    /// The number of rows in the whole table.
    ///
    /// - Complexity: O(1).
    public var count: Int { index.count }
}
