/// A row's stable identity. It never changes while the row exists, survives
/// inserts, deletes, moves and widget reuse, and is what the JSON file stores as `id`.
public struct RowID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    public static func < (lhs: RowID, rhs: RowID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}
