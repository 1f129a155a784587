/// Reads a rows document in one pass, decoding each row as soon as it is parsed, so a
/// million-row file never exists as a tree of JSON nodes.
///
/// Errors keep the order a reader expects: syntax errors first (wherever they are), then a
/// wrong or missing `schemaVersion`, then the first row error.
struct RowsDocumentReader {
    private var parser: JSONParser

    init(bytes: UnsafeBufferPointer<UInt8>) {
        parser = JSONParser(bytes: bytes)
    }

    /// - Complexity: O(n) in the number of bytes.
    mutating func read() throws(DecodeFailure) -> RowsFile {
        try parser.skipToDocument()
        guard parser.peek() == UInt8(ascii: "{") else {
            let root = try parser.parseValue()
            try parser.expectEndOfDocument()
            throw DecodeFailure(offset: root.offset, reason: .notAnObject)
        }
        let rootOffset = parser.index
        try parser.enterContainer()
        try parser.expect(UInt8(ascii: "{"))
        var members: [JSONNode.Member] = []
        var keys = Set<String>()
        var rows: [Row]?
        var rowFailure: DecodeFailure?
        if !parser.consume(UInt8(ascii: "}")) {
            repeat {
                parser.skipWhitespace()
                guard parser.peek() == UInt8(ascii: "\"") else { throw parser.unexpected() }
                let keyOffset = parser.index
                let key = try parser.parseString()
                guard keys.insert(key).inserted else {
                    throw DecodeFailure(offset: keyOffset, reason: .duplicateKey(key))
                }
                try parser.expect(UInt8(ascii: ":"))
                parser.skipWhitespace()
                if key == "rows" && parser.peek() == UInt8(ascii: "[") {
                    rows = try readRows(failure: &rowFailure)
                } else {
                    members.append(JSONNode.Member(key: key, keyOffset: keyOffset, node: try parser.parseValue()))
                }
            } while parser.consume(UInt8(ascii: ","))
            try parser.expect(UInt8(ascii: "}"))
        }
        parser.leaveContainer()
        try parser.expectEndOfDocument()

        guard let versionMember = members.first(where: { $0.key == "schemaVersion" }) else {
            throw DecodeFailure(offset: rootOffset, reason: .missingField("schemaVersion"))
        }
        guard case .integer(let version) = versionMember.node.value else {
            let node = versionMember.node
            throw DecodeFailure(offset: node.offset, reason: .wrongType(field: "schemaVersion", expected: "an integer", found: node.typeName))
        }
        guard version == Int64(RowsFile.currentSchemaVersion) else {
            throw DecodeFailure(offset: versionMember.node.offset, reason: .unsupportedSchemaVersion(version))
        }
        if let misplaced = members.first(where: { $0.key == "rows" }) {
            throw DecodeFailure(offset: misplaced.node.offset, reason: .wrongType(field: "rows", expected: "an array", found: misplaced.node.typeName))
        }
        guard let rows else { throw DecodeFailure(offset: rootOffset, reason: .missingField("rows")) }
        if let rowFailure { throw rowFailure }
        let extras = members.filter { $0.key != "schemaVersion" }.map { JSONMember(key: $0.key, value: $0.node.plainValue) }
        return RowsFile(rows: rows, extraFields: extras)
    }

    /// Parses the rows array, decoding each element. After the first row error it only
    /// checks syntax, and leaves the error in `failure`.
    private mutating func readRows(failure: inout DecodeFailure?) throws(DecodeFailure) -> [Row] {
        try parser.enterContainer()
        try parser.expect(UInt8(ascii: "["))
        var rows: [Row] = []
        var firstIndexByID: [RowID: Int] = [:]
        if !parser.consume(UInt8(ascii: "]")) {
            repeat {
                parser.skipWhitespace()
                let node = try parser.parseValue()
                guard failure == nil else { continue }
                let index = rows.count
                do throws(DecodeFailure) {
                    let row = try RowDecoder.decode(node, index: index)
                    if let first = firstIndexByID.updateValue(index, forKey: row.id) {
                        throw DecodeFailure(offset: node.offset, reason: .duplicateID(row.id, firstRowIndex: first), rowIndex: index, rowID: row.id)
                    }
                    rows.append(row)
                } catch {
                    failure = error
                }
            } while parser.consume(UInt8(ascii: ","))
            try parser.expect(UInt8(ascii: "]"))
        }
        parser.leaveContainer()
        return rows
    }
}
