import Foundation
import RowStore
import TableModel

/// The rows the window shows and where their changes go: the database file (the writer
/// opens its own connection to it), or nothing for the bundled sample opened after the
/// user's own database failed to open, whose edits then stay in memory.
struct RowsDocument {
    var file: RowsFile
    /// The database edits are written to; nil when they are not saved.
    var databasePath: String?

    var savesChanges: Bool { databasePath != nil }

    /// Opens `--data PATH` (see ``DataLocation/database(forData:)``), or the user's own
    /// database, created from the sample data on first run. Start-up reads the rows once;
    /// the connection is closed again before the window shows them.
    ///
    /// - Complexity: O(n) for n rows.
    static func open(options: LaunchOptions) throws(RowStoreError) -> RowsDocument {
        let database: String
        let source: String?
        if let path = options.dataPath {
            (database, source) = DataLocation.database(forData: path)
        } else {
            database = DataLocation.userRows.path
            source = DataLocation.sampleRows.path
            try? FileManager.default.createDirectory(at: DataLocation.userRows.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let rows = try openOrImport(database, from: source)
        return RowsDocument(file: try rows.loadRows(), databasePath: database)
    }

    /// The database at `path`, created by importing `source` when it does not exist yet
    /// and there is a source. An existing file is opened, never replaced.
    static func openOrImport(_ path: String, from source: String?) throws(RowStoreError) -> RowDatabase {
        if let source, !FileManager.default.fileExists(atPath: path) {
            return try RowsJSON.importFile(source, into: path)
        }
        return try RowDatabase.openRows(at: path, busyTimeoutMilliseconds: openBusyTimeoutMilliseconds)
    }

    /// How long start-up waits for another program's lock before saying the file is locked.
    static let openBusyTimeoutMilliseconds: Int32 = 2000

    /// The bundled sample data, read-only.
    static func openSample() throws(RowStoreError) -> RowsDocument {
        RowsDocument(file: try RowsJSON.read(DataLocation.sampleRows.path), databasePath: nil)
    }
}
