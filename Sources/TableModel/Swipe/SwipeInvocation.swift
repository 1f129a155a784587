/// An action to perform on a row: clicked, or reached by a full swipe (S4, S6).
public struct SwipeInvocation: Hashable, Sendable {
    public var row: RowID
    public var edge: SwipeEdge
    /// The action's position in its configuration.
    public var index: Int

    /// - Complexity: O(1).
    public init(row: RowID, edge: SwipeEdge, index: Int) {
        self.row = row
        self.edge = edge
        self.index = index
    }
}
