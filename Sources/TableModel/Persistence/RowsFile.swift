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
                var reader = RowsDocumentReader(bytes: buffer)
                return .success(try reader.read())
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
