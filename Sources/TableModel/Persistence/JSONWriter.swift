/// Appends compact JSON to a byte buffer. Strings are escaped per RFC 8259; non-finite
/// doubles (which JSON cannot express) are written as `null`.
struct JSONWriter {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private(set) var bytes: [UInt8] = []

    /// - Complexity: O(1).
    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Takes the bytes written so far and empties the buffer, keeping its capacity.
    ///
    /// - Complexity: O(n) in the bytes taken.
    mutating func drain() -> [UInt8] {
        let taken = bytes
        bytes.removeAll(keepingCapacity: true)
        return taken
    }

    /// - Complexity: O(1) amortised.
    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// - Complexity: O(digits).
    mutating func integer(_ value: Int64) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// - Complexity: O(1).
    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// - Complexity: O(n) in the UTF-8 length.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.makeContiguousUTF8()
        let needsEscaping = value.utf8.withContiguousStorageIfAvailable { utf8 in
            utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        } ?? true
        guard needsEscaping else {
            bytes.append(contentsOf: value.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0..<0x20:
                raw("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes `"key":`.
    ///
    /// - Complexity: O(n) in the key's length.
    mutating func key(_ key: String) {
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// - Complexity: O(size of the value).
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): bool(flag)
        case .integer(let number): integer(number)
        case .double(let number):
            if number.isFinite { bytes.append(contentsOf: "\(number)".utf8) } else { raw("null") }
        case .string(let text): string(text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                self.value(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                key(member.key)
                self.value(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }
}
