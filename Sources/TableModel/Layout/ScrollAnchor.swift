/// The scroll position as the layout keeps it: the row at the top edge of the viewport and
/// how far that edge is below the row's top. The pixel offset is derived from it, so when
/// rows above change height the anchor row stays at the same screen position.
///
/// Invariant (after every `TableLayout` call): `offset(of: id) + offsetInRow == scrollOffset`,
/// and `id` is the row covering `scrollOffset` (see `TableLayout.row(atOffset:)`).
public struct ScrollAnchor: Sendable, Equatable {
    public var id: RowID
    /// Distance from the row's top to the viewport's top edge, in px; 0 ≤ offsetInRow,
    /// and below the row's height unless the viewport is scrolled to the very end.
    public var offsetInRow: Double

    /// - Complexity: O(1).
    public init(id: RowID, offsetInRow: Double) {
        self.id = id
        self.offsetInRow = offsetInRow
    }
}
