import CSQLite
import Glibc
import Synchronization

/// One connection to an SQLite database file: opening, pragmas, prepared statements and
/// transactions, with every failure a typed ``SQLiteError`` naming the file.
///
/// Values never go into SQL text: statements take them as bound parameters
/// (``SQLiteStatement/bind(_:)``). Not thread-safe: open one connection per thread.
public final class SQLiteConnection {
    /// How to open the file.
    public enum Mode: Sendable {
        /// An existing file, read and written. A write-protected file is an error.
        case readWrite
        /// Like ``readWrite``, but a missing file is created empty.
        case create
        /// An existing file, never written.
        case readOnly
    }

    /// The file, as given.
    public let path: String
    let handle: OpaquePointer
    /// The file opened, counted in ``openFiles`` while the connection lives.
    private let file: FileIdentity?

    /// A file by device and inode: an open file keeps its inode, so it names one file.
    private struct FileIdentity: Hashable {
        let device: UInt
        let inode: UInt

        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            (device, inode) = (UInt(status.st_dev), UInt(status.st_ino))
        }
    }

    /// How many connections this process has open to each file.
    private static let openFiles = Mutex<[FileIdentity: Int]>([:])

    /// Whether this process has a connection open to the file at `path`. Reading the file
    /// with a descriptor of one's own is then unsafe: closing that descriptor drops every
    /// POSIX lock the process holds on the file, SQLite's included ("How To Corrupt An
    /// SQLite Database File", 2.2), and another program may then think the file unused and
    /// delete its `-wal` file under our connections.
    ///
    /// - Complexity: O(1): one `stat`.
    public static func isOpen(fileAt path: String) -> Bool {
        guard let file = FileIdentity(path: path) else { return false }
        return openFiles.withLock { $0[file, default: 0] > 0 }
    }

    /// Opens `path` and sets a busy timeout, so a lock held briefly by another process
    /// waits instead of failing.
    ///
    /// - Throws: ``SQLiteError``; `.readOnly` when a file opened for writing is write-protected.
    /// - Complexity: O(1); no page is read yet.
    public init(path: String, mode: Mode, busyTimeoutMilliseconds: Int32 = 5000) throws(SQLiteError) {
        self.path = path
        let flags: Int32 = switch mode {
        case .readWrite: SQLITE_OPEN_READWRITE
        case .create: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: SQLITE_OPEN_READONLY
        }
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw SQLiteError(code: code, message: message, path: path)
        }
        handle = opened
        file = FileIdentity(path: path)
        if let file { Self.openFiles.withLock { $0[file, default: 0] += 1 } }
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        if mode != .readOnly && sqlite3_db_readonly(handle, "main") == 1 {
            throw SQLiteError(code: SQLITE_READONLY, message: "the file is write-protected", path: path)
        }
    }

    deinit {
        sqlite3_close_v2(handle)
        if let file {
            Self.openFiles.withLock { counts in
                counts[file, default: 1] -= 1
                if counts[file] == 0 { counts[file] = nil }
            }
        }
    }

    /// The error for a failed call, with the connection's latest message.
    func failure(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), path: path, systemError: sqlite3_system_errno(handle))
    }

    func failure(kind: SQLiteError.Kind, _ message: String) -> SQLiteError {
        SQLiteError(kind: kind, message: message, path: path)
    }

    /// Compiles one statement.
    ///
    /// - Complexity: O(length of `sql`).
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure(code) }
        return SQLiteStatement(handle: statement, connection: self)
    }

    /// Runs SQL without values or results: schema, pragmas, `BEGIN`/`COMMIT`.
    ///
    /// - Complexity: that of the SQL.
    public func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`, so the write lock is taken
    /// up front and a busy database waits at the start, not halfway). Commits if `body`
    /// returns, rolls back if it throws.
    ///
    /// - Complexity: that of `body`, plus one commit.
    public func transaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try execute("BEGIN IMMEDIATE")
        do throws(SQLiteError) {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }

    /// The schema version the app stored (`PRAGMA user_version`); reading it is the first
    /// read of the file, so a file that is not a database fails here, before any write.
    ///
    /// - Complexity: O(1).
    public func userVersion() throws(SQLiteError) -> Int32 {
        Int32(truncatingIfNeeded: try prepare("PRAGMA user_version").integerResult() ?? 0)
    }

    /// Stores the schema version. PRAGMA takes no parameters; the version is the app's own
    /// constant, never a value from input.
    ///
    /// - Complexity: O(1).
    func setUserVersion(_ version: Int32) throws(SQLiteError) {
        try execute("PRAGMA user_version = \(version)")
    }

    /// Switches to the write-ahead log, so readers never block the writer and a commit
    /// writes only the changed pages.
    ///
    /// - Throws: ``SQLiteError`` when the mode cannot be set (for example a read-only folder).
    /// - Complexity: O(1).
    public func enableWriteAheadLog() throws(SQLiteError) {
        let statement = try prepare("PRAGMA journal_mode = WAL")
        try statement.bind([])
        guard try statement.step(), statement.text(0).lowercased() == "wal" else {
            throw failure(kind: .readOnly, "could not switch to the write-ahead log")
        }
    }

    /// The rows changed by the latest statement.
    ///
    /// - Complexity: O(1).
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// The rows inserted, updated or deleted through this connection since it opened, for
    /// checking that a change writes only the rows it touched.
    ///
    /// - Complexity: O(1).
    public var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

    /// Whether the connection is inside a transaction.
    ///
    /// - Complexity: O(1).
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}
