@testable import TableModel

/// Seeded mutations of JSON documents for fuzzing the rows reader, at four levels:
/// - bytes: flip, set, insert or delete single bytes, or plant bytes that break UTF-8;
/// - tokens: replace or insert JSON tokens, valid and malformed (numbers, escapes, literals);
/// - structure: delete, duplicate, move or truncate spans between structural characters,
///   wrap the document, or repeat a key;
/// - size: long strings, many keys, long numbers, deep nesting and repeated rows;
/// - values: one member's scalar value replaced by another well-formed one, so the mutant
///   usually stays JSON and reaches the schema checks (wrong types, ids, kinds, limits).
///
/// The same seed gives the same sequence of mutants.
struct JSONMutator {
    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    static let tokens: [String] = [
        "null", "true", "false", "0", "-0", "1", "-1", "01", "1.", ".5", "1e", "1e5", "1E+5", "-1.5e-3", "1e400", "-1e400",
        "123456789012345678901234567890", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "NaN", "Infinity", "-", "+1", "0x10", "\"\"", "\"a\"", "\"\\u0000\"", "\"\\uD800\"", "\"\\uDC00\"", "\"\\uD83D\\uDE00\"",
        "\"\\u12\"", "\"\\x\"", "\"\\\"", "\"\\/\"", "\"\t\"", "\"é\"", "\"😀\"", "[]", "{}", "[1,]", "{\"a\":1,}", "{\"a\"}", "{\"a\" 1}",
        ",", ":", "[", "]", "{", "}", "\"", "\\", " ", "\n", "\u{FEFF}", "tru", "nul", "\"kind\"", "\"id\"", "\"rows\"",
        "\"schemaVersion\"", "\"note\"", "\"toggle\"", "\"grid\"", "\"rich\"", "\"header\"", "\"chips\"", "\"text\"",
    ]
    /// Well-formed scalar values, for mutants that stay JSON.
    static let values: [String] = [
        "null", "true", "false", "0", "-0", "1", "-1", "2", "7", "1.5", "1e5", "-1.5e-3", "1E2",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "1e308", "1e-400",
        "\"\"", "\"a\"", "\"\\u0000\"", "\"\\uD83D\\uDE00\"", "\"\\\"\"", "\"é\"", "[]", "{}", "[\"x\"]", "[1]",
        "\"note\"", "\"toggle\"", "\"grid\"", "\"rich\"", "\"header\"", "\"Note\"", "\"rich/x.markup\"",
    ]
    static let structural: Set<UInt8> = Set("{}[],:\"".utf8)
    static let valueEnds: Set<UInt8> = Set(",}] \n\r\t".utf8)

    mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &random) }

    mutating func chance(_ oneIn: Int) -> Bool { int(0..<oneIn) == 0 }

    /// One to four mutations of `document`.
    mutating func mutate(_ document: [UInt8]) -> [UInt8] {
        var bytes = document
        if chance(4) {
            for _ in 0..<int(1..<3) { mutateValue(&bytes) }
            return bytes
        }
        for _ in 0..<int(1..<5) {
            switch int(0..<100) {
            case 0..<30: mutateByte(&bytes)
            case 30..<60: mutateToken(&bytes)
            case 60..<90: mutateStructure(&bytes)
            default: mutateSize(&bytes)
            }
        }
        return bytes
    }

    mutating func position(in bytes: [UInt8]) -> Int { int(0..<(bytes.count + 1)) }

    /// The position of a random structural character, or a random position.
    mutating func structuralPosition(in bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        for _ in 0..<8 {
            let candidate = int(0..<bytes.count)
            if Self.structural.contains(bytes[candidate]) { return candidate }
        }
        return int(0..<bytes.count)
    }

    /// Replaces the scalar value after a random `:` (strings scanned with their escapes;
    /// arrays and objects left alone) with one of ``values``.
    mutating func mutateValue(_ bytes: inout [UInt8]) {
        let colons = bytes.indices.filter { bytes[$0] == UInt8(ascii: ":") }
        guard !colons.isEmpty else { return }
        var start = colons[int(0..<colons.count)] + 1
        while start < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[start]) { start += 1 }
        guard start < bytes.count, bytes[start] != UInt8(ascii: "{"), bytes[start] != UInt8(ascii: "[") else { return }
        var end = start
        if bytes[start] == UInt8(ascii: "\"") {
            end += 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
            end = min(end + 1, bytes.count)
        } else {
            while end < bytes.count, !Self.valueEnds.contains(bytes[end]) { end += 1 }
        }
        bytes.replaceSubrange(start..<end, with: Array(Self.values[int(0..<Self.values.count)].utf8))
    }

    mutating func mutateByte(_ bytes: inout [UInt8]) {
        let special: [UInt8] = [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, 0x22, 0x5C, 0x2C, 0x7D, 0x5D]
        let byte = chance(2) ? special[int(0..<special.count)] : UInt8(truncatingIfNeeded: int(0..<256))
        switch int(0..<4) {
        case 0 where !bytes.isEmpty: bytes[int(0..<bytes.count)] ^= 1 << UInt8(int(0..<8))
        case 1 where !bytes.isEmpty: bytes[int(0..<bytes.count)] = byte
        case 2 where !bytes.isEmpty: bytes.remove(at: int(0..<bytes.count))
        default: bytes.insert(byte, at: position(in: bytes))
        }
    }

    mutating func mutateToken(_ bytes: inout [UInt8]) {
        let token = Array(Self.tokens[int(0..<Self.tokens.count)].utf8)
        let at = structuralPosition(in: bytes)
        if chance(2), at < bytes.count {
            // Replace the value or token that starts after this structural byte.
            let start = min(at + 1, bytes.count)
            var end = start
            while end < bytes.count, !Self.structural.contains(bytes[end]) || end == start, end - start < 40 { end += 1 }
            bytes.replaceSubrange(start..<end, with: token)
        } else {
            bytes.insert(contentsOf: token, at: min(at + (chance(2) ? 1 : 0), bytes.count))
        }
    }

    mutating func mutateStructure(_ bytes: inout [UInt8]) {
        guard bytes.count > 1 else { bytes += Array("{\"schemaVersion\":1,\"rows\":[]}".utf8); return }
        let a = structuralPosition(in: bytes)
        let b = structuralPosition(in: bytes)
        let span = min(a, b)..<max(a, b)
        switch int(0..<7) {
        case 0: bytes.removeSubrange(span)
        case 1: bytes.insert(contentsOf: bytes[span], at: structuralPosition(in: bytes))
        case 2: bytes.removeSubrange(position(in: bytes)..<bytes.count)  // truncate
        case 3:
            let moved = Array(bytes[span])
            bytes.removeSubrange(span)
            bytes.insert(contentsOf: moved, at: position(in: bytes))
        case 4: bytes = Array((["[", "{\"x\":", " ", "\u{FEFF}"][int(0..<4)]).utf8) + bytes + Array(([ "]", "}", " ", ""][int(0..<4)]).utf8)
        case 5:
            // Repeat a key: copy `"key":value,` after the next `{`.
            if let open = bytes[span].firstIndex(of: UInt8(ascii: "{")), open + 1 < bytes.count {
                let end = bytes[(open + 1)...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
                bytes.insert(contentsOf: bytes[(open + 1)..<end] + [UInt8(ascii: ",")], at: open + 1)
            }
        default: bytes.swapAt(a, b)
        }
    }

    mutating func mutateSize(_ bytes: inout [UInt8]) {
        let at = structuralPosition(in: bytes)
        let insertion: [UInt8]
        switch int(0..<6) {
        case 0: insertion = Array(("\"" + String(repeating: "long text ", count: int(1..<10_000)) + "\"").utf8)
        case 1: insertion = Array(("{" + (0..<int(1..<3_000)).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}").utf8)
        case 2: insertion = Array(String(repeating: "9", count: int(1..<5_000)).utf8)
        case 3:
            let depth = int(50..<80)
            insertion = Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        case 4: insertion = Array(("[" + String(repeating: "{\"id\":1,\"kind\":\"note\",\"text\":\"x\"},", count: int(1..<500)) + "0]").utf8)
        default: insertion = Array(String(repeating: " \n\t\r", count: int(1..<2_000)).utf8)
        }
        bytes.insert(contentsOf: insertion, at: min(at + 1, bytes.count))
    }
}
