import CSQLite

/// A prepared statement. Bind values by position (1-based), step through result rows, read
/// columns by position (0-based). Finalized when released.
///
/// Not thread-safe: use it on the thread of its connection.
public final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `values` to parameters 1…n.
    ///
    /// - Throws: ``SQLiteError`` for a wrong parameter count or a failed bind.
    /// - Complexity: O(total size of the values).
    @discardableResult
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) -> SQLiteStatement {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard values.count == Int(sqlite3_bind_parameter_count(handle)) else {
            throw connection.failure(kind: .other, "statement expects \(sqlite3_bind_parameter_count(handle)) values, got \(values.count)")
        }
        for (offset, value) in values.enumerated() {
            let position = Int32(offset + 1)
            let code: Int32 = switch value {
            case .null: sqlite3_bind_null(handle, position)
            case .integer(let number): sqlite3_bind_int64(handle, position, number)
            case .real(let number): sqlite3_bind_double(handle, position, number)
            case .text(let text): sqlite3_bind_text(handle, position, text, -1, csqlite_transient())
            case .blob(let bytes):
                bytes.withUnsafeBytes { sqlite3_bind_blob64(handle, position, $0.baseAddress, sqlite3_uint64($0.count), csqlite_transient()) }
            }
            guard code == SQLITE_OK else { throw connection.failure(code) }
        }
        return self
    }

    /// Advances to the next result row: `true` if there is one, `false` when done.
    ///
    /// - Throws: ``SQLiteError``; the statement is then reset.
    /// - Complexity: that of the query step.
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = connection.failure(code)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Binds `values` and runs the statement to completion, for statements without results.
    ///
    /// - Complexity: that of the statement.
    public func run(_ values: [SQLiteValue] = []) throws(SQLiteError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Binds `values` and returns the first column of the first row, if any, as an integer.
    ///
    /// - Complexity: that of the query's first step.
    public func integerResult(_ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
        try bind(values)
        defer { sqlite3_reset(handle) }
        return try step() && !isNull(0) ? integer(0) : nil
    }

    /// Ends reading results early and releases the statement's read lock, so a connection
    /// left idle never holds an old snapshot of the file.
    ///
    /// - Complexity: O(1).
    public func finishReading() { sqlite3_reset(handle) }

    /// - Complexity: O(1).
    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// - Complexity: O(1).
    public func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// - Complexity: O(1).
    public func real(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// The column as UTF-8 text (empty for null).
    ///
    /// - Complexity: O(length).
    public func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Calls `body` with the column's UTF-8 bytes, valid only inside `body`, without making
    /// a String (for hot loops that only compare).
    ///
    /// - Complexity: O(1) plus `body`.
    public func withTextBytes<Result>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let bytes = sqlite3_column_text(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return body(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
    }

    /// Calls `body` with the column's bytes as a blob, valid only inside `body`, without
    /// copying them (empty for null or an empty blob).
    ///
    /// - Complexity: O(1) plus `body`.
    public func withBlobBytes<Result>(_ column: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let bytes = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
    }

    /// The column as text, or nil when null.
    ///
    /// - Complexity: O(length).
    public func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
}
