import CSQLite

/// Stops whatever one connection is running, from another thread (`sqlite3_interrupt`):
/// the running statement fails with `SQLITE_INTERRUPT` at its next check. Calling it while
/// nothing runs does nothing to later statements.
///
/// Thread-safety: ``interrupt()`` may be called from any thread while the connection is
/// open; the owner keeps the ``SQLiteConnection`` alive for as long as it hands this out.
public struct SQLiteInterrupter: @unchecked Sendable {
    let handle: OpaquePointer

    /// - Complexity: O(1).
    public func interrupt() { sqlite3_interrupt(handle) }
}

extension SQLiteConnection {
    /// A handle that interrupts this connection's running statement from another thread.
    ///
    /// - Complexity: O(1).
    public var interrupter: SQLiteInterrupter { SQLiteInterrupter(handle: handle) }
}

extension SQLiteError {
    /// Whether the failure is a statement stopped by ``SQLiteInterrupter/interrupt()``.
    ///
    /// - Complexity: O(1).
    public var isInterrupted: Bool { code == SQLITE_INTERRUPT }
}
