import CSQLite
import Glibc

/// A failed SQLite call: the primary result code, SQLite's own message, and the database
/// file, with a description that says in user words what went wrong and what to do.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is, from the primary result code.
    public enum Kind: Hashable, Sendable {
        /// The file is not an SQLite database (`SQLITE_NOTADB`).
        case notADatabase
        /// The file is damaged or truncated (`SQLITE_CORRUPT`).
        case corrupt
        /// Another process holds a lock longer than the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
        case locked
        /// The file or its folder cannot be written (`SQLITE_READONLY`, `SQLITE_PERM`).
        case readOnly
        /// The disk or a file-size limit is full (`SQLITE_FULL`).
        case full
        /// The file cannot be opened at all (`SQLITE_CANTOPEN`).
        case cannotOpen
        /// An I/O error (`SQLITE_IOERR`).
        case io
        /// A schema newer than this app knows (`user_version` above the latest migration).
        case futureSchema(found: Int32, supported: Int32)
        /// The schema is not the app's (a table or column is missing).
        case wrongSchema
        /// Anything else, such as a constraint or a misuse.
        case other
    }

    /// The primary SQLite result code (`rc & 0xff`), or `SQLITE_ERROR` for app-level failures.
    public let code: Int32
    /// SQLite's message for the failure, or the app's.
    public let message: String
    /// The database file, as the user named it.
    public let path: String

    /// - Complexity: O(1).
    /// - Parameter systemError: the `errno` behind an I/O failure, if known: no space
    ///   (`ENOSPC`), a file-size limit (`EFBIG`) or a quota (`EDQUOT`) make it `.full`.
    public init(code: Int32, message: String, path: String, systemError: Int32 = 0) {
        self.code = code & 0xff
        self.message = message
        self.path = path
        kind = [ENOSPC, EFBIG, EDQUOT].contains(systemError) ? .full : Self.kind(of: code & 0xff)
    }

    /// An app-level failure of a given kind.
    ///
    /// - Complexity: O(1).
    public init(kind: Kind, message: String, path: String) {
        code = SQLITE_ERROR
        self.message = message
        self.path = path
        self.kind = kind
    }

    public let kind: Kind

    private static func kind(of code: Int32) -> Kind {
        switch code {
        case SQLITE_NOTADB: .notADatabase
        case SQLITE_CORRUPT: .corrupt
        case SQLITE_BUSY, SQLITE_LOCKED: .locked
        case SQLITE_READONLY, SQLITE_PERM: .readOnly
        case SQLITE_FULL: .full
        case SQLITE_CANTOPEN: .cannotOpen
        case SQLITE_IOERR: .io
        default: .other
        }
    }

    /// What happened and what to do, naming the file, in words for someone who opened it from
    /// the desktop: no command-line advice (that goes on stderr, from the command line's own
    /// code), and SQLite's own words only where they add what the app cannot say.
    public var description: String {
        switch kind {
        case .notADatabase:
            "“\(path)” is not a rows database (\(message)). Choose another file, or move this one away; it was left as it is."
        case .corrupt:
            "“\(path)” is damaged or cut short (\(message)). Restore it from a backup or move it away; it was left as it is."
        case .locked:
            "“\(path)” is in use by another program. Close the other program and try again."
        case .readOnly:
            "“\(path)” cannot be written (\(message)). Check the permissions of the file and of its folder in the file manager."
        case .full:
            "“\(path)” cannot grow: the disk is full. Free some space; your changes are kept in the window until then."
        case .cannotOpen:
            access(path, F_OK) == 0
                ? "“\(path)” cannot be opened. Check in the file manager that you may read the file and its folder."
                : "“\(path)” does not exist. Check its name and folder, or choose another file."
        case .io:
            "“\(path)” could not be read or written: the disk reported an error. Check the disk."
        case .futureSchema(let found, let supported):
            "“\(path)” was written by a newer version of Table Demo (schema \(found); this one knows up to \(supported)). Use the newer version; the file was left as it is."
        case .wrongSchema:
            "“\(path)” is a database, but not a rows database (\(message)). Choose another file; it was left as it is."
        case .other:
            "“\(path)” could not be used: \(message) (SQLite error \(code))."
        }
    }
}
