/// One row: its stable id, its content, the marks swipe actions set, and any JSON fields
/// this version of the app does not know (kept so a save never loses them, D1).
///
/// Invariant: ``id`` never changes; ``extraFields`` never contains a key the app itself writes
/// for this row's kind.
public struct Row: Hashable, Sendable {
    public let id: RowID
    public var content: RowContent
    /// Set by the Flag action (S6).
    public var flagged: Bool
    /// Set by the Done action (S6).
    public var done: Bool
    /// Set by the Pin action, cleared by Unpin (S6, S9).
    public var pinned: Bool
    /// Unknown fields from the file, in file order.
    public var extraFields: [JSONMember]

    /// - Complexity: O(1).
    public init(
        id: RowID, content: RowContent, flagged: Bool = false, done: Bool = false, pinned: Bool = false,
        extraFields: [JSONMember] = []
    ) {
        self.id = id
        self.content = content
        self.flagged = flagged
        self.done = done
        self.pinned = pinned
        self.extraFields = extraFields
    }

    /// - Complexity: O(1).
    public var kind: RowKind { content.kind }
}
