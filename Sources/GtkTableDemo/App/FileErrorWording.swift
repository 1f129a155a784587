import Glibc
import RowStore
import SQLiteStore
import TableModel

/// What a dialog or toast says about a rows file or database that failed (P5), in the user's
/// language. The errors' own `description` is the same wording in English for stderr and
/// the command line; these switch on the same kinds so a translation can reorder the file
/// path, SQLite's own message and the line:column, which stay as they are.
enum FileErrorWording {
    /// - Complexity: O(length of the message).
    static func text(for error: RowStoreError) -> String {
        switch error {
        case .database(let error): text(for: error)
        case .json(let error): text(for: error)
        case .file(let error): text(for: error)
        case .alreadyExists(let path):
            tr("{path} already exists, and is left as it is. Import into a new file (--data NEW.sqlite), or move this one away first.")
                .filling(["path": path])
        }
    }

    /// - Complexity: O(length of the message).
    static func text(for error: SQLiteError) -> String {
        let wording: String
        var values = ["path": error.path, "message": error.message]
        switch error.kind {
        case .notADatabase:
            wording = tr("“{path}” is not a rows database ({message}). Choose another file, or move this one away; it was left as it is.")
        case .corrupt:
            wording = tr("“{path}” is damaged or cut short ({message}). Restore it from a backup or move it away; it was left as it is.")
        case .locked:
            wording = tr("“{path}” is in use by another program. Close the other program and try again.")
        case .readOnly:
            wording = tr("“{path}” cannot be written ({message}). Check the permissions of the file and of its folder in the file manager.")
        case .full:
            wording = tr("“{path}” cannot grow: the disk is full. Free some space; your changes are kept in the window until then.")
        case .cannotOpen:
            wording = access(error.path, F_OK) == 0
                ? tr("“{path}” cannot be opened. Check in the file manager that you may read the file and its folder.")
                : tr("“{path}” does not exist. Check its name and folder, or choose another file.")
        case .io:
            wording = tr("“{path}” could not be read or written: the disk reported an error. Check the disk.")
        case .futureSchema(let found, let supported):
            wording = tr("“{path}” was written by a newer version of Table Demo (schema {found}; this one knows up to {supported}). Use the newer version; the file was left as it is.")
            values["found"] = String(found)
            values["supported"] = String(supported)
        case .wrongSchema:
            wording = tr("“{path}” is a database, but not a rows database ({message}). Choose another file; it was left as it is.")
        case .other:
            wording = tr("“{path}” could not be used: {message} (SQLite error {code}).")
            values["code"] = String(error.code)
        }
        return wording.filling(values)
    }

    /// The file, line:column, row and what is wrong (`rows.json:12:5: row 3 (id 17): missing
    /// field "text"`).
    ///
    /// - Complexity: O(length of the message).
    static func text(for error: RowsFileError) -> String {
        var text = error.file
        if let position = error.position { text += ":\(position.line):\(position.column)" }
        text += ": "
        if let rowIndex = error.rowIndex {
            text += error.rowID.map { tr("row {index} (id {id})").filling(["index": String(rowIndex), "id": String($0.rawValue)]) }
                ?? tr("row {index}").filling(["index": String(rowIndex)])
            text += ": "
        }
        return text + reason(error.reason)
    }

    /// What is wrong inside a rows file, without the location.
    private static func reason(_ reason: RowsFileError.Reason) -> String {
        switch reason {
        case .unreadable(let detail): tr("cannot read the file: {detail}").filling(["detail": detail])
        case .emptyFile: tr("the file is empty")
        case .invalidUTF8: tr("the file is not valid UTF-8")
        case .unexpectedEnd: tr("the file ends in the middle of a value (truncated?)")
        case .unexpectedCharacter(let found): tr("unexpected {found}").filling(["found": found])
        case .invalidNumber: tr("malformed number")
        case .numberOutOfRange: tr("number too large (beyond ±1.8e308)")
        case .invalidEscape: tr("malformed escape sequence in a string")
        case .controlCharacterInString: tr("control character inside a string (must be escaped)")
        case .trailingContent: tr("unexpected content after the end of the document")
        case .nestingTooDeep(let limit): tr("arrays and objects nested deeper than {limit}").filling(["limit": String(limit)])
        case .duplicateKey(let key): tr("the key \"{key}\" appears twice in one object").filling(["key": key])
        case .notAnObject: tr("the top level must be an object")
        case .missingField(let field): tr("missing field \"{field}\"").filling(["field": field])
        case .wrongType(let field, let expected, let found):
            tr("\"{field}\" must be {expected}, found {found}").filling(["field": field, "expected": expected, "found": found])
        case .unsupportedSchemaVersion(let version):
            (version > Int64(RowsFile.currentSchemaVersion)
                ? tr("schemaVersion {version} was written by a newer app; this app reads version {current}")
                : tr("schemaVersion {version} is not supported; this app reads version {current}"))
                .filling(["version": String(version), "current": String(RowsFile.currentSchemaVersion)])
        case .unknownKind(let kind): tr("unknown row kind \"{kind}\"").filling(["kind": kind])
        case .duplicateID(let id, let first):
            tr("id {id} is already used by row {first}").filling(["id": String(id.rawValue), "first": String(first)])
        case .valueTooLarge(let field, let limit):
            tr("\"{field}\" is larger than the limit of {limit}").filling(["field": field, "limit": String(limit)])
        case .invalidValue(let field, let detail): tr("\"{field}\" {detail}").filling(["field": field, "detail": detail])
        }
    }

    /// `“/home/ann/rows.json” could not be written: No such file or directory.`
    ///
    /// - Complexity: O(length of the message).
    static func text(for error: FileSystemError) -> String {
        let wording = switch error.operation {
        case "read": tr("“{path}” could not be read: {message}.")
        case "open": tr("“{path}” could not be opened: {message}.")
        case "unlink": tr("“{path}” could not be removed: {message}.")
        default: tr("“{path}” could not be written: {message}.")
        }
        return wording.filling(["path": error.path, "message": error.message])
    }
}
