/// A row's marks, the state its swipe actions set (S6): what a store writes for a change
/// that touched nothing else, so a mark never rewrites the row's content.
public struct RowMarks: Hashable, Sendable {
    public var flagged: Bool
    public var done: Bool
    public var pinned: Bool

    /// - Complexity: O(1).
    public init(flagged: Bool = false, done: Bool = false, pinned: Bool = false) {
        self.flagged = flagged
        self.done = done
        self.pinned = pinned
    }

    /// The marks of `row`.
    ///
    /// - Complexity: O(1).
    public init(of row: Row) {
        self.init(flagged: row.flagged, done: row.done, pinned: row.pinned)
    }

    /// Whether any mark is set (a note then shows its marks bar, N2).
    ///
    /// - Complexity: O(1).
    public var isAny: Bool { flagged || done || pinned }
}
