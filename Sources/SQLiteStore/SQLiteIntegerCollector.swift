import CSQLite

/// An SQL aggregate function of one connection that hands a query's integers to Swift in
/// bulk: `SELECT name(column) FROM …` run through ``collect(_:)`` returns every value the
/// aggregate saw, in the order SQLite fed them. Stepping a statement row by row pays
/// `sqlite3_step`'s entry and exit and a column read per row; an aggregate's step is one
/// call from inside the virtual machine, which roughly halves the cost of reading a
/// million rowids out of an FTS5 query.
///
/// The function is `SQLITE_DIRECTONLY` (no schema object or trigger can call it). Called
/// outside ``collect(_:)``, its values are dropped at the next collection.
///
/// Not thread-safe: use it on the thread of its connection, like the connection.
public final class SQLiteIntegerCollector {
    /// The values the function's steps append to; the function holds it (retained until
    /// SQLite drops the function with the connection).
    private final class Sink {
        @exclusivity(unchecked) var values: [Int64] = []
    }

    private let sink = Sink()

    /// Registers aggregate `name(x)` on `connection`: each step appends `x` as an integer.
    ///
    /// - Throws: ``SQLiteError`` if SQLite refuses the function.
    /// - Complexity: O(1).
    public init(connection: SQLiteConnection, name: String) throws(SQLiteError) {
        let box = Unmanaged.passRetained(sink).toOpaque()
        let code = sqlite3_create_function_v2(
            connection.handle, name, 1, SQLITE_UTF8 | SQLITE_DIRECTONLY, box, nil,
            { context, _, arguments in
                guard let context, let arguments, let argument = arguments[0] else { return }
                // The function holds the sink: borrowed here, with no retain and release per row.
                Unmanaged<Sink>.fromOpaque(sqlite3_user_data(context))._withUnsafeGuaranteedRef {
                    $0.values.append(sqlite3_value_int64(argument))
                }
            },
            { context in sqlite3_result_null(context) },
            { box in if let box { Unmanaged<Sink>.fromOpaque(box).release() } })
        guard code == SQLITE_OK else {
            // SQLite calls the destructor itself when registering fails.
            throw connection.failure(code)
        }
    }

    /// Runs `statement`, whose result is this function's aggregate, and returns the values
    /// its steps saw, reserving room for `expected` of them. The statement is reset after.
    ///
    /// - Throws: ``SQLiteError`` if the statement fails (interrupted included).
    /// - Complexity: O(rows the statement reads).
    public func collect(_ statement: SQLiteStatement, expected: Int = 0) throws(SQLiteError) -> [Int64] {
        sink.values = []
        sink.values.reserveCapacity(expected)
        defer {
            sink.values = []
            statement.finishReading()
        }
        while try statement.step() {}
        return sink.values
    }
}
