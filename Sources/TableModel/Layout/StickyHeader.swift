/// The section header pinned at the top of the viewport (SPEC W5).
public struct StickyHeader: Sendable, Equatable {
    public var id: RowID
    public var index: Int
    /// Where to draw it, in content coordinates: the viewport top, or higher when the next
    /// section's header pushes it up.
    public var y: Double
    public var height: Double
}
