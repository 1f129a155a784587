import SQLiteStore
import TableModel

/// Why opening, importing or exporting rows failed, in user words, naming the file.
public enum RowStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The database failed.
    case database(SQLiteError)
    /// A JSON file to import is malformed or invalid (file:line:column: what).
    case json(RowsFileError)
    /// A JSON file could not be read or written.
    case file(FileSystemError)

    public var description: String {
        switch self {
        case .database(let error): error.description
        case .json(let error): error.description
        case .file(let error): error.description
        }
    }
}
