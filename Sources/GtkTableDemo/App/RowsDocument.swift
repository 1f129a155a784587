import Foundation
import RowStore
import TableModel

/// The rows the window shows and where their changes go. For a database, start-up reads only
/// the outline (ids, kinds, toggle states, in order) and builds the height index from it,
/// off the main thread (``RowsDocumentOpening``); the connection stays open as the table's
/// content source, read on demand, and the writer opens its own connection to write
/// changes. The bundled sample, opened after the user's own database failed, is held in
/// memory and its edits are not saved.
struct RowsDocument {
    enum Rows {
        /// A database, with the height index of its outline, or why it could not be built.
        case stored(RowDatabase, Result<PreparedLayout, TableError>)
        case inMemory(RowsFile)
    }

    var rows: Rows
    /// Where the window was left on this database (P1); nil for the sample, a database that
    /// never stored one, or one whose stored state could not be read.
    var viewState: ViewState?

    /// The database edits are written to; nil when they are not saved.
    var databasePath: String? {
        if case .stored(let database, _) = rows { return database.path }
        return nil
    }

    var savesChanges: Bool { databasePath != nil }

    /// Opens `--data PATH` (see ``DataLocation/database(forData:)``), or the user's own
    /// database, created from the sample data on first run, once `mayWrite` has returned
    /// (an import waits for it; opening an existing file does not).
    /// The outline comes from the database's snapshot when that is current, else from its
    /// covering index; then the read is returned too, for the caller to store as the next
    /// snapshot once the document is handed over (``RowDatabase/storeOutlineSnapshot(_:at:)``).
    /// An index the snapshot's rows cannot build (a duplicate id) is built from the
    /// covering index instead, so a snapshot never decides what is shown on its own.
    ///
    /// - Complexity: O(n) for n rows, reading only the snapshot or the outline index; memory
    ///   O(n) for the height index (and the outline, until the caller lets the read go).
    static func open(options: LaunchOptions, mayWrite: () -> Void) throws(RowStoreError) -> (document: RowsDocument, unsnapshotted: OutlineRead?) {
        let database: String
        let source: String?
        if let path = options.dataPath {
            (database, source) = DataLocation.database(forData: path)
        } else {
            database = DataLocation.userRows.path
            source = DataLocation.sampleRows.path
            try? FileManager.default.createDirectory(at: DataLocation.userRows.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let rows = try openOrImport(database, from: source, mayWrite: mayWrite)
        var outline = try rows.loadOutline()
        var layout = Result { () throws(TableError) in try PreparedLayout(outline: outline.rows) }
        if outline.fromSnapshot, case .failure = layout {
            outline = try rows.loadOutline(usingSnapshot: false)
            layout = Result { () throws(TableError) in try PreparedLayout(outline: outline.rows) }
        }
        // A view state that cannot be read costs only the restore: the rows still open.
        let view = try? rows.viewState()
        return (RowsDocument(rows: .stored(rows, layout), viewState: view), outline.fromSnapshot ? nil : outline)
    }

    /// The database at `path`, created by importing `source` when it does not exist yet
    /// and there is a source, after `mayWrite` returns. An existing file is opened, never
    /// replaced.
    static func openOrImport(_ path: String, from source: String?, mayWrite: () -> Void) throws(RowStoreError) -> RowDatabase {
        if let source, !FileManager.default.fileExists(atPath: path) {
            mayWrite()
            // Another instance may have made it meanwhile: then it is opened as it is.
            if !FileManager.default.fileExists(atPath: path) { return try RowsJSON.importFile(source, into: path) }
        }
        return try RowDatabase.openRows(at: path, busyTimeoutMilliseconds: openBusyTimeoutMilliseconds)
    }

    /// How long start-up waits for another program's lock before saying the file is locked.
    static let openBusyTimeoutMilliseconds: Int32 = 2000

    /// The bundled sample data, read-only.
    static func openSample() throws(RowStoreError) -> RowsDocument {
        RowsDocument(rows: .inMemory(try RowsJSON.read(DataLocation.sampleRows.path)))
    }

    /// The model over these rows, laid out at width 0 until the view has a width.
    ///
    /// - Complexity: O(1) for a database (its index is built already), O(n log n) for n rows
    ///   in memory.
    func makeTable(metrics: RowMetrics, measurer: any TextMeasuring, clock: @escaping () -> Double) throws(TableError) -> Table {
        switch rows {
        case .stored(let database, let prepared):
            try Table(prepared: prepared.get(), source: WordedRowSource(database), width: 0, metrics: metrics, measurer: measurer, clock: clock)
        case .inMemory(let file):
            try Table(file: file, width: 0, metrics: metrics, measurer: measurer, clock: clock)
        }
    }
}
