/// What start-up needs of a row to place it in the height index without its content: its id,
/// its kind, and for a toggle row whether it is open (its height follows from that alone).
public struct RowOutline: Hashable, Sendable {
    public var id: RowID
    public var kind: RowKind
    /// Whether a toggle row is open; false for other kinds.
    public var toggleOpen: Bool

    /// - Complexity: O(1).
    public init(id: RowID, kind: RowKind, toggleOpen: Bool = false) {
        self.id = id
        self.kind = kind
        self.toggleOpen = toggleOpen
    }
}
