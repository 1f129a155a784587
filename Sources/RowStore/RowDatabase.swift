import Glibc
import SQLiteStore
import TableModel

/// The user's rows in an SQLite database (D1, W6): opening an existing file without ever
/// writing to one it cannot read, creating a new one from imported rows, reading the rows
/// back, and applying a ``RowChanges`` as one small transaction (``apply(_:)``).
///
/// Not thread-safe: one instance per thread (the app's writer has its own).
public final class RowDatabase {
    /// The database file.
    public let path: String
    let connection: SQLiteConnection
    private var statements: [String: SQLiteStatement] = [:]
    private let writes: SQLiteRowWriteCounter

    private init(path: String, connection: SQLiteConnection) {
        self.path = path
        self.connection = connection
        writes = SQLiteRowWriteCounter(connection, excludingTablesPrefixed: "rows_search")
    }

    /// The schema version this app writes.
    public static var schemaVersion: Int32 { RowSchema.migrator.latestVersion }

    /// Opens an existing rows database for reading and writing. The first reads (the header
    /// and `user_version`) come before any write, so a file that is not a database, is
    /// empty, or is from a newer version fails with the file exactly as it was.
    ///
    /// - Throws: ``SQLiteError`` saying what is wrong with the file and what to do.
    /// - Complexity: O(1) plus any migrations.
    public static func open(path: String, busyTimeoutMilliseconds: Int32 = 5000) throws(SQLiteError) -> RowDatabase {
        try FileCheck.check(path)
        let connection = try SQLiteConnection(path: path, mode: .readWrite, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        let version = try connection.userVersion()
        guard version >= 1 else {
            throw SQLiteError(kind: .wrongSchema, message: "it has no rows schema", path: path)
        }
        guard version <= schemaVersion else {
            throw SQLiteError(kind: .futureSchema(found: version, supported: schemaVersion), message: "schema \(version)", path: path)
        }
        try connection.enableWriteAheadLog()
        // Each commit is synced: once a change is committed, no crash loses it.
        try connection.execute("PRAGMA synchronous = FULL")
        try RowSchema.migrator.migrate(connection)
        return RowDatabase(path: path, connection: connection)
    }

    /// Creates a new database at `path` holding `file`'s rows and extra fields, then opens it.
    /// It is built under a temporary name and linked into place only when complete, so a
    /// failed import leaves nothing, and an existing file at `path` is never replaced.
    ///
    /// - Throws: ``SQLiteError``; `.cannotOpen` when `path` already exists.
    /// - Complexity: O(n) for n rows.
    public static func create(path: String, importing file: RowsFile) throws(SQLiteError) -> RowDatabase {
        try create(path: path, rows: file.rows, extraFields: file.extraFields)
    }

    /// Creates a new database at `path` from `rows` (read once, in order; ids must be
    /// unique) and top-level `extraFields`, then opens it, as ``create(path:importing:)``.
    ///
    /// It gets an outline snapshot of its rows (``readOutline()``).
    ///
    /// - Complexity: O(n) for n rows; memory O(n) for the rows' outline, kept for its
    ///   snapshot, beyond SQLite's page cache.
    public static func create(path: String, rows: some Sequence<Row>, extraFields: [JSONMember] = []) throws(SQLiteError) -> RowDatabase {
        let temporary = "\(path).importing-\(getpid())"
        unlink(temporary)
        do throws(SQLiteError) {
            try fill(temporary, rows: rows, extraFields: extraFields)
            try linkIntoPlace(temporary, path)
        } catch {
            unlink(temporary)
            throw error
        }
        unlink(temporary)
        return try open(path: path)
    }

    private static func fill(_ temporary: String, rows: some Sequence<Row>, extraFields: [JSONMember]) throws(SQLiteError) {
        let connection = try SQLiteConnection(path: temporary, mode: .create)
        // Nothing can be lost while the file is still private: no journal, no syncs.
        try connection.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -65536")
        try RowSchema.migrator.migrate(connection)
        try connection.transaction { () throws(SQLiteError) in
            // Rows go in many to a statement, and the index is built once at the end: both
            // save most of the per-row work of a bulk insert. The outline and search triggers
            // are off meanwhile; the snapshot and the find index made at the end are of
            // exactly these rows.
            try connection.execute("DROP INDEX rows_outline")
            try connection.execute(RowSchema.dropOutlineTriggers)
            try connection.execute(RowSchema.dropSearchTriggers)
            var outline: [RowOutline] = []
            let one = RowColumns.parameters(RowColumns.count + 2)
            let insert = "INSERT INTO rows (id, position, \(RowColumns.names)) VALUES "
            let single = try connection.prepare(insert + one)
            let batch = try connection.prepare(insert + Array(repeating: one, count: bulkRows).joined(separator: ", "))
            var values: [SQLiteValue] = []
            values.reserveCapacity(bulkRows * (RowColumns.count + 2))
            for (index, row) in rows.enumerated() {
                var open = false
                if case .toggle(_, let isOpen) = row.content { open = isOpen }
                outline.append(RowOutline(id: row.id, kind: row.kind, toggleOpen: open))
                values.append(.integer(row.id.rawValue))
                values.append(.integer(OrderKeys.key(at: index)))
                values += RowColumns.values(of: row)
                if values.count == bulkRows * (RowColumns.count + 2) {
                    try batch.run(values)
                    values.removeAll(keepingCapacity: true)
                }
            }
            let width = RowColumns.count + 2
            for start in stride(from: 0, to: values.count, by: width) { try single.run(Array(values[start..<start + width])) }
            try connection.execute(RowSchema.outlineIndex)
            try connection.execute(RowSchema.outlineTriggers)
            try connection.execute(RowSchema.fillSearchIndex)
            try connection.execute(RowSchema.searchTriggers)
            try connection.prepare("INSERT INTO outline_snapshot (only, stamp, data) SELECT 0, changes, ? FROM outline_stamp")
                .run([.blob(OutlineSnapshot.encode(outline))])
            let extra = try connection.prepare("INSERT INTO file_extras (position, key, value) VALUES (?, ?, ?)")
            for (index, member) in extraFields.enumerated() {
                try extra.run([.integer(Int64(index)), .text(member.key), .text(JSONText.encode(member.value))])
            }
        }
        try connection.enableWriteAheadLog()
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Rows per statement in a bulk insert (9 values each, well under SQLite's 32,766).
    private static let bulkRows = 64

    /// Syncs the finished file and links it at `path`; `link` fails rather than replace.
    private static func linkIntoPlace(_ temporary: String, _ path: String) throws(SQLiteError) {
        let descriptor = Glibc.open(temporary, O_RDONLY)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        guard link(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw SQLiteError(kind: errno == EEXIST ? .cannotOpen : .readOnly, message: "cannot create it: \(reason)", path: path)
        }
        let folder = FolderOfPath(path: path).deletingLastComponent
        let folderDescriptor = Glibc.open(folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// A statement prepared once per connection.
    func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        let prepared = try connection.prepare(sql)
        statements[sql] = prepared
        return prepared
    }

    /// Every row in order, with the file's extra fields, read in one read transaction. Each
    /// row has the marks the table shows: batch mark steps that can still be undone included.
    ///
    /// - Throws: ``SQLiteError``: a damaged or truncated file fails here.
    /// - Complexity: O(n) for n rows; O(n log n) while batch mark steps are kept.
    public func load() throws(SQLiteError) -> RowsFile {
        try connection.execute("BEGIN")
        defer { try? connection.execute("COMMIT") }
        let columns = try hasMarkSteps() ? Self.columnNamesWithMarkSteps : RowColumns.names
        let select = try statement("SELECT id, \(columns) FROM rows WHERE trashed IS NULL ORDER BY position, id")
        try select.bind([])
        var rows: [Row] = []
        while try select.step() {
            do throws(RowColumns.Damage) {
                rows.append(try RowColumns.row(from: select))
            } catch {
                throw error.error(in: path)
            }
        }
        let members = try fileExtras()
        return RowsFile(rows: rows, extraFields: members)
    }

    /// Deletes for good the rows that batch deletes left recoverable (``RowChanges/Placement/trashed(batch:first:last:)``),
    /// when nothing can undo them any more (on quit). One transaction: all or none go.
    ///
    /// - Complexity: O(t log n) for t trashed rows.
    public func purgeTrashed() {
        try? connection.execute("DELETE FROM rows WHERE trashed IS NOT NULL")
    }

    /// Copies the write-ahead log into the database file and empties it, if no reader is
    /// in the way; a checkpoint that cannot finish leaves the log for the next one.
    ///
    /// - Complexity: O(pages in the log).
    public func checkpoint() {
        try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// SQLite's own check of the whole file (`PRAGMA integrity_check`): "ok" when sound.
    ///
    /// - Complexity: O(size of the file).
    public func integrityCheck() throws(SQLiteError) -> String {
        let check = try connection.prepare("PRAGMA integrity_check")
        try check.bind([])
        return try check.step() ? check.text(0) : ""
    }
}

/// The folder part of a path, without Foundation.
private struct FolderOfPath {
    let path: String
    var deletingLastComponent: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

extension RowDatabase {
    /// Rows written through this connection since it opened (inserts, updates, deletes),
    /// the outline stamp its triggers bump included; the find index's own tables, which its
    /// triggers write too, are not counted (their writes follow its segments, not the rows).
    ///
    /// - Complexity: O(1).
    public var rowsWritten: Int { writes.count }
}
