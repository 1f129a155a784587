/// A value bound to a statement parameter. Values always travel as bound parameters,
/// never inside SQL text.
public enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByNilLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(nilLiteral: ()) { self = .null }

    /// `1` or `0`.
    ///
    /// - Complexity: O(1).
    public static func bool(_ value: Bool) -> SQLiteValue { .integer(value ? 1 : 0) }

    /// A text value, or null.
    ///
    /// - Complexity: O(1).
    public static func optionalText(_ value: String?) -> SQLiteValue { value.map(SQLiteValue.text) ?? .null }
}
