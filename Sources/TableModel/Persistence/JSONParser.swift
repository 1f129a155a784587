/// A strict JSON (RFC 8259) parser over UTF-8 bytes that records where every value starts.
/// ``RowsDocumentReader`` drives it: the top level by hand, every other value with ``parseValue()``.
///
/// It validates UTF-8 itself (so it can say where the bad byte is), rejects duplicate keys
/// (O(1) expected per key), limits nesting to ``RowLimits/maxNestingDepth`` and skips one
/// leading byte-order mark. Parsing is O(n) in the bytes.
/// Strings without escapes are decoded straight from the buffer.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    private(set) var index = 0
    private var depth = 0

    /// - Complexity: O(1).
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Skips a byte-order mark and whitespace before the top-level value; fails on an empty
    /// document, and on a NUL byte among the first four, the mark of UTF-16 or UTF-32 text
    /// (which readers such as `JSONSerialization` detect, and this one does not read).
    mutating func skipToDocument() throws(DecodeFailure) {
        if bytes.prefix(4).contains(0) { throw DecodeFailure(offset: 0, reason: .invalidUTF8) }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw DecodeFailure(offset: 0, reason: .emptyFile) }
    }

    /// Fails unless only whitespace is left.
    mutating func expectEndOfDocument() throws(DecodeFailure) {
        skipWhitespace()
        guard index == bytes.count else { throw DecodeFailure(offset: index, reason: .trailingContent) }
    }

    /// The current byte, or nil at the end.
    func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Consumes `byte` after optional whitespace, or fails on whatever is there instead.
    mutating func expect(_ byte: UInt8) throws(DecodeFailure) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { throw unexpected() }
        index += 1
    }

    /// Consumes `byte` after optional whitespace if it is there.
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Counts one level of nesting less.
    mutating func leaveContainer() {
        depth -= 1
    }

    /// Moves past spaces, tabs and line breaks.
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Parses one value of any type starting at the current byte.
    mutating func parseValue() throws(DecodeFailure) -> JSONNode {
        guard index < bytes.count else { throw DecodeFailure(offset: index, reason: .unexpectedEnd) }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"): try expectLiteral("true"); return JSONNode(value: .bool(true), offset: start)
        case UInt8(ascii: "f"): try expectLiteral("false"); return JSONNode(value: .bool(false), offset: start)
        case UInt8(ascii: "n"): try expectLiteral("null"); return JSONNode(value: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw unexpected()
        }
    }

    /// The failure for the byte at `index`: the end, bad UTF-8, or a printable character.
    func unexpected() -> DecodeFailure {
        guard index < bytes.count else { return DecodeFailure(offset: index, reason: .unexpectedEnd) }
        let byte = bytes[index]
        if byte < 0x80 {
            let shown = byte >= 0x20 && byte < 0x7F ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x\(String(byte, radix: 16))"
            return DecodeFailure(offset: index, reason: .unexpectedCharacter(shown))
        }
        guard let length = validUTF8Length(at: index) else { return DecodeFailure(offset: index, reason: .invalidUTF8) }
        let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self)
        return DecodeFailure(offset: index, reason: .unexpectedCharacter("\"\(scalar)\""))
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(DecodeFailure) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else { throw unexpected() }
            index += 1
        }
    }

    /// Counts one more level of nesting, failing past the limit.
    mutating func enterContainer() throws(DecodeFailure) {
        depth += 1
        guard depth <= RowLimits.maxNestingDepth else {
            throw DecodeFailure(offset: index, reason: .nestingTooDeep(limit: RowLimits.maxNestingDepth))
        }
    }

    private mutating func parseObject() throws(DecodeFailure) -> JSONNode {
        let start = index
        try enterContainer()
        index += 1
        var members: [JSONNode.Member] = []
        // Keys seen so far, so a duplicate is found in O(1) expected, not by a scan.
        var keys = Set<String>()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return JSONNode(value: .object(members), offset: start)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw unexpected() }
            let keyOffset = index
            let key = try parseString()
            guard keys.insert(key).inserted else {
                throw DecodeFailure(offset: keyOffset, reason: .duplicateKey(key))
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw unexpected() }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONNode.Member(key: key, keyOffset: keyOffset, node: value))
            skipWhitespace()
            guard index < bytes.count else { throw unexpected() }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return JSONNode(value: .object(members), offset: start)
            } else {
                throw unexpected()
            }
        }
    }

    private mutating func parseArray() throws(DecodeFailure) -> JSONNode {
        let start = index
        try enterContainer()
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return JSONNode(value: .array(elements), offset: start)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw unexpected() }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return JSONNode(value: .array(elements), offset: start)
            } else {
                throw unexpected()
            }
        }
    }

    /// Parses a string starting at the opening quote.
    /// Parses a string whose opening quote is the current byte.
    mutating func parseString() throws(DecodeFailure) -> String {
        index += 1
        let contentStart = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            try advanceOverStringByte(byte)
        }
        guard index < bytes.count else { throw DecodeFailure(offset: index, reason: .unexpectedEnd) }
        // Slow path: copy what was scanned, then decode escapes.
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape(into: &buffer)
            } else {
                let from = index
                try advanceOverStringByte(byte)
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<index]))
            }
        }
        throw DecodeFailure(offset: index, reason: .unexpectedEnd)
    }

    /// Moves past one unescaped character of a string, validating it.
    private mutating func advanceOverStringByte(_ byte: UInt8) throws(DecodeFailure) {
        if byte < 0x20 { throw DecodeFailure(offset: index, reason: .controlCharacterInString) }
        if byte < 0x80 {
            index += 1
        } else {
            guard let length = validUTF8Length(at: index) else { throw DecodeFailure(offset: index, reason: .invalidUTF8) }
            index += length
        }
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(DecodeFailure) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw DecodeFailure(offset: index, reason: .unexpectedEnd) }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "\""): buffer.append(0x22)
        case UInt8(ascii: "\\"): buffer.append(0x5C)
        case UInt8(ascii: "/"): buffer.append(0x2F)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalarValue = try parseHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(scalarValue) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw DecodeFailure(offset: escapeStart, reason: .invalidEscape)
                }
                index += 2
                let low = try parseHex4(escapeStart: escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else { throw DecodeFailure(offset: escapeStart, reason: .invalidEscape) }
                scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalarValue) {
                throw DecodeFailure(offset: escapeStart, reason: .invalidEscape)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw DecodeFailure(offset: escapeStart, reason: .invalidEscape) }
            UTF8.encode(scalar) { buffer.append($0) }
        default:
            throw DecodeFailure(offset: escapeStart, reason: .invalidEscape)
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(DecodeFailure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw DecodeFailure(offset: index, reason: .unexpectedEnd) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw DecodeFailure(offset: escapeStart, reason: .invalidEscape)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(DecodeFailure) -> JSONNode {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw DecodeFailure(offset: index, reason: .unexpectedEnd) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if isDigit(at: index) {
            while isDigit(at: index) { index += 1 }
        } else {
            throw DecodeFailure(offset: start, reason: .invalidNumber)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard isDigit(at: index) else { throw DecodeFailure(offset: start, reason: .invalidNumber) }
            while isDigit(at: index) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(at: index) else { throw DecodeFailure(offset: start, reason: .invalidNumber) }
            while isDigit(at: index) { index += 1 }
        }
        let literal = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if isInteger, let integer = Self.integer(from: literal) {
            return JSONNode(value: .integer(integer), offset: start)
        }
        // The literal is well formed here; only its size can fail (RFC 8259 lets readers
        // limit the range of numbers; this one takes what a Double holds).
        guard let double = Double(String(decoding: literal, as: UTF8.self)), double.isFinite else {
            throw DecodeFailure(offset: start, reason: .numberOutOfRange)
        }
        return JSONNode(value: .double(double), offset: start)
    }

    private func isDigit(at position: Int) -> Bool {
        position < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
    }

    /// The value of an already-validated integer literal, or `nil` when it overflows `Int64`.
    private static func integer(from literal: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = literal[0] == UInt8(ascii: "-")
        var value: Int64 = 0
        for byte in literal.dropFirst(negative ? 1 : 0) {
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence starting at `position`, or `nil`
    /// (overlong forms, surrogates and values above U+10FFFF are ill-formed).
    private func validUTF8Length(at position: Int) -> Int? {
        let lead = bytes[position]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        case 0xF1...0xF3: length = 4
        default: return nil
        }
        guard position + length <= bytes.count, secondRange.contains(bytes[position + 1]) else { return nil }
        for offset in 2..<length where bytes[position + offset] & 0xC0 != 0x80 { return nil }
        return length
    }
}
