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
    /// A new database was asked for where a file already exists.
    case alreadyExists(String)

    public var description: String {
        switch self {
        case .database(let error): error.description
        case .json(let error): error.description
        case .file(let error): error.description
        case .alreadyExists(let path): "\(path) already exists, and is left as it is. Import into a new file (--data NEW.sqlite), or move this one away first."
        }
    }
}
