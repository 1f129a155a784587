/// A row as the layout needs it: identity, kind and, if already known, its measured height.
public struct RowSpec: Sendable, Equatable {
    public var id: RowID
    public var kind: RowKind
    /// A height measured earlier (for example a row restored by undo), or nil to start estimated.
    public var measuredHeight: Double?

    /// - Complexity: O(1).
    public init(id: RowID, kind: RowKind, measuredHeight: Double? = nil) {
        self.id = id
        self.kind = kind
        self.measuredHeight = measuredHeight
    }
}
