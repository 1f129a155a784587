/// A JSON value as the app keeps it for fields it does not understand, so they can be written back.
///
/// Numbers written without a fraction or exponent that fit in 64 bits stay ``integer``;
/// all others are ``double``.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])
}

/// One `"key": value` pair of a JSON object, in file order.
public struct JSONMember: Hashable, Sendable {
    public var key: String
    public var value: JSONValue

    /// - Complexity: O(1).
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
