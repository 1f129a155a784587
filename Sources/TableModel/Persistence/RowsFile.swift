/// The contents of a versioned rows file (D1): the rows in order, plus top-level fields
/// this app does not know, kept for the next save.
///
/// Schema: see `data/README.md`. Invariant: ids are unique.
public struct RowsFile: Hashable, Sendable {
    /// The only version this app reads and the one it writes.
    public static let currentSchemaVersion = 1

    public var rows: [Row]
    /// Unknown top-level fields, in file order.
    public var extraFields: [JSONMember]

    /// - Complexity: O(1).
    public init(rows: [Row], extraFields: [JSONMember] = []) {
        self.rows = rows
        self.extraFields = extraFields
    }

    /// Parses and validates a whole file.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the name errors should show, usually the path.
    /// - Throws: a ``RowsFileError`` naming the file, line, column and row.
    /// - Complexity: O(n) in the size of the file.
    public static func decode(_ bytes: [UInt8], file: String) throws(RowsFileError) -> RowsFile {
        let result: Result<RowsFile, DecodeFailure> = bytes.withUnsafeBufferPointer { buffer in
            do throws(DecodeFailure) {
                var parser = JSONParser(bytes: buffer)
                return .success(try decodeDocument(parser.parseDocument()))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let file): return file
        case .failure(let failure):
            let position = bytes.withUnsafeBufferPointer { SourcePosition.locate(offset: failure.offset, in: $0) }
            throw RowsFileError(file: file, position: position, rowIndex: failure.rowIndex, rowID: failure.rowID, reason: failure.reason)
        }
    }

    private static func decodeDocument(_ root: JSONNode) throws(DecodeFailure) -> RowsFile {
        guard case .object(let members) = root.value else { throw DecodeFailure(offset: root.offset, reason: .notAnObject) }
        guard let versionMember = members.first(where: { $0.key == "schemaVersion" }) else {
            throw DecodeFailure(offset: root.offset, reason: .missingField("schemaVersion"))
        }
        guard case .integer(let version) = versionMember.node.value else {
            throw DecodeFailure(offset: versionMember.node.offset, reason: .wrongType(field: "schemaVersion", expected: "an integer", found: versionMember.node.typeName))
        }
        guard version == Int64(currentSchemaVersion) else {
            throw DecodeFailure(offset: versionMember.node.offset, reason: .unsupportedSchemaVersion(version))
        }
        guard let rowsMember = members.first(where: { $0.key == "rows" }) else {
            throw DecodeFailure(offset: root.offset, reason: .missingField("rows"))
        }
        guard case .array(let elements) = rowsMember.node.value else {
            throw DecodeFailure(offset: rowsMember.node.offset, reason: .wrongType(field: "rows", expected: "an array", found: rowsMember.node.typeName))
        }
        var rows: [Row] = []
        rows.reserveCapacity(elements.count)
        var firstIndexByID: [RowID: Int] = [:]
        firstIndexByID.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let row = try RowDecoder.decode(element, index: index)
            if let first = firstIndexByID.updateValue(index, forKey: row.id) {
                throw DecodeFailure(offset: element.offset, reason: .duplicateID(row.id, firstRowIndex: first), rowIndex: index, rowID: row.id)
            }
            rows.append(row)
        }
        let extras = members.filter { $0.key != "schemaVersion" && $0.key != "rows" }.map { JSONMember(key: $0.key, value: $0.node.plainValue) }
        return RowsFile(rows: rows, extraFields: extras)
    }

    /// The file's bytes, in the layout of ``RowsFileEncoder``.
    ///
    /// - Complexity: O(total size of the rows).
    public func encoded() -> [UInt8] {
        var encoder = RowsFileEncoder(extraFields: extraFields, reservingCapacity: rows.count * 96 + 64)
        for row in rows { encoder.append(row) }
        encoder.finish()
        return encoder.drain()
    }
}
