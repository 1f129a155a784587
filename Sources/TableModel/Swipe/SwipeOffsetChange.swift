/// A row's revealed offset changed. Offsets are physical and signed: positive moves the row's
/// content right (revealing the actions on its left), negative moves it left.
public struct SwipeOffsetChange: Hashable, Sendable {
    public var row: RowID
    /// Where the content should be.
    public var offset: Double
    /// Whether to animate there (a snap or a close) rather than follow the pointer now.
    public var animated: Bool
    /// The pointer's velocity at release, px/s, to start the animation with (0 otherwise).
    public var velocity: Double

    /// - Complexity: O(1).
    public init(row: RowID, offset: Double, animated: Bool, velocity: Double = 0) {
        self.row = row
        self.offset = offset
        self.animated = animated
        self.velocity = velocity
    }
}
