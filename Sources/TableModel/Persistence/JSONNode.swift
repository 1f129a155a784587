/// A parsed JSON value together with the byte offset it starts at, so decoding errors can
/// name a line and column. Internal to the parser and the rows decoder.
struct JSONNode {
    enum Value {
        case null
        case bool(Bool)
        case integer(Int64)
        case double(Double)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    struct Member {
        let key: String
        let keyOffset: Int
        let node: JSONNode
    }

    let value: Value
    /// The offset of the value's first byte in the file.
    let offset: Int

    /// The value without offsets, for keeping unknown fields.
    ///
    /// - Complexity: O(size of the value).
    var plainValue: JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let number): .integer(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.plainValue))
        case .object(let members): .object(members.map { JSONMember(key: $0.key, value: $0.node.plainValue) })
        }
    }

    /// A short name of the value's type for error messages.
    var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
