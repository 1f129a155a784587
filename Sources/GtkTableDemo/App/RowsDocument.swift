import Foundation
import TableModel

/// The rows file the window shows: where it lives, its store (which refuses to save over a
/// file it could not read), and whether edits are saved at all.
struct RowsDocument {
    var store: RowsFileStore
    var file: RowsFile
    /// False for the bundled sample opened after the user's own file failed to load: edits
    /// then stay in memory, and the unreadable file is left exactly as it was.
    var savesChanges: Bool

    /// Opens `--data PATH`, or the user's own file, created from the sample data on first run.
    static func open(options: LaunchOptions) throws(RowsFileError) -> RowsDocument {
        if let path = options.dataPath {
            var store = RowsFileStore(path: path)
            let file = try store.load()
            return RowsDocument(store: store, file: file, savesChanges: true)
        }
        let sample = try openSample()
        let folder = DataLocation.userRows.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var store = RowsFileStore(path: DataLocation.userRows.path)
        let file = try store.loadOrCreate(from: sample.file)
        return RowsDocument(store: store, file: file, savesChanges: true)
    }

    /// The bundled sample data, read-only.
    static func openSample() throws(RowsFileError) -> RowsDocument {
        var store = RowsFileStore(path: DataLocation.sampleRows.path)
        let file = try store.load()
        return RowsDocument(store: store, file: file, savesChanges: false)
    }
}
