/// Brings a database's schema up to date. Migration `i` takes `user_version` from `i` to
/// `i + 1`; each runs in its own transaction with the version bump, so a crash leaves the
/// database at one version or the next, never between.
public struct SQLiteMigrator: Sendable {
    /// The SQL of each migration, in order.
    public let migrations: [String]

    /// - Complexity: O(1).
    public init(migrations: [String]) { self.migrations = migrations }

    /// The version this app writes.
    ///
    /// - Complexity: O(1).
    public var latestVersion: Int32 { Int32(migrations.count) }

    /// Checks the version and applies the migrations the file lacks.
    ///
    /// - Throws: ``SQLiteError`` with kind `.futureSchema` for a version above
    ///   ``latestVersion`` (nothing is written then), or the failure of a migration
    ///   (that migration is rolled back).
    /// - Returns: the version found before migrating.
    /// - Complexity: that of the migrations applied.
    @discardableResult
    public func migrate(_ connection: SQLiteConnection) throws(SQLiteError) -> Int32 {
        let found = try connection.userVersion()
        guard found <= latestVersion else {
            throw SQLiteError(kind: .futureSchema(found: found, supported: latestVersion), message: "schema \(found)", path: connection.path)
        }
        guard found >= 0 else {
            throw SQLiteError(kind: .wrongSchema, message: "schema version \(found) is not one this app writes", path: connection.path)
        }
        for version in Int(found)..<migrations.count {
            try connection.transaction { () throws(SQLiteError) in
                try connection.execute(migrations[version])
                try connection.setUserVersion(Int32(version + 1))
            }
        }
        return found
    }
}
