/// Why a rows file could not be loaded, and exactly where (D1, W6).
///
/// Every error names the file; errors about content also name the line and column, and
/// errors inside a row name the row's index (from 0) and, once read, its id.
public struct RowsFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// The file could not be read at all (missing, permissions, …).
        case unreadable(String)
        /// The file has no bytes, or only whitespace.
        case emptyFile
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// The file ends in the middle of a value.
        case unexpectedEnd
        /// A byte that cannot start or continue a value here; the payload is a printable form of it.
        case unexpectedCharacter(String)
        case invalidNumber
        /// A well-formed number beyond what a `Double` holds (about ±1.8e308).
        case numberOutOfRange
        case invalidEscape
        /// A raw control character (below U+0020) inside a string.
        case controlCharacterInString
        /// More content after the top-level value.
        case trailingContent
        case nestingTooDeep(limit: Int)
        case duplicateKey(String)
        /// The top level is not an object.
        case notAnObject
        case missingField(String)
        case wrongType(field: String, expected: String, found: String)
        /// `schemaVersion` is not one this app reads; a larger one came from a newer app.
        case unsupportedSchemaVersion(Int64)
        case unknownKind(String)
        case duplicateID(RowID, firstRowIndex: Int)
        /// A value beyond ``RowLimits``.
        case valueTooLarge(field: String, limit: Int)
        case invalidValue(field: String, detail: String)
    }

    /// The path or name of the file, as given to the loader.
    public var file: String
    /// Where the problem is, or `nil` when the file could not be read.
    public var position: SourcePosition?
    /// The index of the row the problem is in, counting from 0.
    public var rowIndex: Int?
    /// The id of that row, when it was read before the problem.
    public var rowID: RowID?
    public var reason: Reason

    /// - Complexity: O(1).
    public init(file: String, position: SourcePosition?, rowIndex: Int? = nil, rowID: RowID? = nil, reason: Reason) {
        self.file = file
        self.position = position
        self.rowIndex = rowIndex
        self.rowID = rowID
        self.reason = reason
    }

    /// For example `rows.json:12:5: row 3 (id 17): missing field "text"`.
    ///
    /// - Complexity: O(length of the message).
    public var description: String {
        var text = file
        if let position { text += ":\(position.line):\(position.column)" }
        text += ": "
        if let rowIndex {
            text += "row \(rowIndex)"
            if let rowID { text += " (id \(rowID.rawValue))" }
            text += ": "
        }
        return text + reason.message
    }
}

extension RowsFileError.Reason {
    /// A sentence for the user, without the location.
    ///
    /// - Complexity: O(length of the message).
    public var message: String {
        switch self {
        case .unreadable(let detail): "cannot read the file: \(detail)"
        case .emptyFile: "the file is empty"
        case .invalidUTF8: "the file is not valid UTF-8"
        case .unexpectedEnd: "the file ends in the middle of a value (truncated?)"
        case .unexpectedCharacter(let found): "unexpected \(found)"
        case .invalidNumber: "malformed number"
        case .numberOutOfRange: "number too large (beyond ±1.8e308)"
        case .invalidEscape: "malformed escape sequence in a string"
        case .controlCharacterInString: "control character inside a string (must be escaped)"
        case .trailingContent: "unexpected content after the end of the document"
        case .nestingTooDeep(let limit): "arrays and objects nested deeper than \(limit)"
        case .duplicateKey(let key): "the key \"\(key)\" appears twice in one object"
        case .notAnObject: "the top level must be an object"
        case .missingField(let field): "missing field \"\(field)\""
        case .wrongType(let field, let expected, let found): "\"\(field)\" must be \(expected), found \(found)"
        case .unsupportedSchemaVersion(let version):
            version > Int64(RowsFile.currentSchemaVersion)
                ? "schemaVersion \(version) was written by a newer app; this app reads version \(RowsFile.currentSchemaVersion)"
                : "schemaVersion \(version) is not supported; this app reads version \(RowsFile.currentSchemaVersion)"
        case .unknownKind(let kind): "unknown row kind \"\(kind)\""
        case .duplicateID(let id, let first): "id \(id.rawValue) is already used by row \(first)"
        case .valueTooLarge(let field, let limit): "\"\(field)\" is larger than the limit of \(limit)"
        case .invalidValue(let field, let detail): "\"\(field)\" \(detail)"
        }
    }
}
