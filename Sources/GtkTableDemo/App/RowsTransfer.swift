import CGtk
import Foundation
import GtkBridge
import RowStore
import TableModel

/// Import Rows… and Export Rows… from the main menu (P2), through GtkFileChooserNative (the
/// desktop's portal where there is one, GTK's own chooser otherwise).
///
/// Import reads a JSON rows file into a **new** database in the app's data folder, named
/// after the file (`NAME.sqlite`, or `NAME 2.sqlite`… when taken), and the window then shows
/// it; the rows open before stay as they were, in their own file. Export writes the open
/// rows, with every change saved first, to the JSON file the user names. The file work runs
/// on a thread of its own; the result comes back on the main loop.
@MainActor
final class RowsTransfer {
    /// Every word the import and export show, in one place (for translation later).
    enum Words {
        static var importTitle: String { tr("Import Rows") }
        static var importButton: String { tr("_Import") }
        static var exportTitle: String { tr("Export Rows") }
        static var exportButton: String { tr("_Export") }
        static var cancel: String { tr("_Cancel") }
        static var jsonFiles: String { tr("JSON rows files") }
        static var importFailed: String { tr("Could not import the rows") }
        static var exportFailed: String { tr("Could not export the rows") }
        static func imported(_ source: String, into database: String) -> String {
            tr("Imported “{source}” into a new database, “{database}”, now shown").filling(["source": source, "database": database])
        }
        static func exported(to path: String) -> String { tr("Exported the rows to “{path}”").filling(["path": path]) }
    }

    private let window: GObjectRef
    /// The chooser on screen, owned until it has answered (then released from the main loop).
    private var chooser: OwnedObject?
    /// The open database, if the rows are saved in one.
    var databasePath: () -> String? = { nil }
    /// The open rows as a JSON rows file's bytes, for rows that live in no database (the sample).
    var unsavedRows: () -> [UInt8]? = { nil }
    /// Writes every pending change; returns what failed, if anything.
    var saveChanges: () -> String? = { nil }
    /// The imported database is ready to be shown, with the message that says so.
    var onImported: (RowsDocument, String) -> Void = { _, _ in }
    /// A short message for a toast.
    var onDone: (String) -> Void = { _ in }
    /// A failure: a heading and what went wrong, for a dialog.
    var onFailure: (String, String) -> Void = { _, _ in }

    init(window: GObjectRef) {
        self.window = window
    }

    /// Asks for a JSON rows file to import.
    func chooseImport() {
        let chooser = makeChooser(title: Words.importTitle, action: GTK_FILE_CHOOSER_ACTION_OPEN, accept: Words.importButton)
        // Ours goes when this returns: the chooser keeps the filter.
        let filter = OwnedObject(adopting: gtk_file_filter_new()!)
        gtk_file_filter_set_name(filter.ref(), Words.jsonFiles)
        gtk_file_filter_add_pattern(filter.ref(), "*.json")
        gtk_file_chooser_add_filter(chooser.ref(), filter.ref())
        show(chooser) { [weak self] path in self?.importRows(from: path) }
    }

    /// Asks where to export the open rows.
    func chooseExport() {
        let chooser = makeChooser(title: Words.exportTitle, action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: Words.exportButton)
        let name = databasePath().map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? "rows"
        gtk_file_chooser_set_current_name(chooser.ref(), name + ".json")
        show(chooser) { [weak self] path in self?.exportRows(to: path) }
    }

    private func makeChooser(title: String, action: GtkFileChooserAction, accept: String) -> OwnedObject {
        OwnedObject(adopting: gtk_file_chooser_native_new(title, window(), action, accept, Words.cancel)!)
    }

    /// Shows the chooser modal over the window; `chosen` gets the path if the user accepted.
    private func show(_ chooser: OwnedObject, chosen: @escaping @MainActor (String) -> Void) {
        self.chooser.map { gtk_native_dialog_destroy($0.ref()) }
        self.chooser = chooser
        let dialog = chooser.ref
        gtk_native_dialog_set_modal(dialog(), 1)
        dialog.onInt("response") { [weak self] response in
            let file = gtk_file_chooser_get_file(dialog()).map { OwnedObject(adopting: $0) }
            let path = file.flatMap { g_file_get_path($0.ref()) }.map { pointer in
                defer { g_free(pointer) }
                return String(cString: pointer)
            }
            // Released from the main loop: GTK still uses the chooser while it emits. The window
            // gets the keyboard back (without a window manager nothing else gives it back).
            MainLoopSource.idle { [weak self] in
                guard let self else { return false }
                if self.chooser?.ref == dialog { self.chooser = nil }
                gtk_window_present(self.window())
                return false
            }
            if response == GTK_RESPONSE_ACCEPT.rawValue, let path { chosen(path) }
        }
        gtk_native_dialog_show(dialog())
    }

    private func importRows(from source: String) {
        let target = Self.newDatabasePath(for: source)
        let sourceName = URL(fileURLWithPath: source).lastPathComponent
        let handover = Handover<Result<RowsDocument, RowStoreError>>()
        let thread = Thread { [handover] in
            handover.value = Result { () throws(RowStoreError) in
                try? FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                _ = try RowsJSON.importFile(source, into: target)
                var options = LaunchOptions()
                options.dataPath = target
                return try RowsDocument.open(options: options, mayWrite: {}).document
            }
            MainLoopSource.idleFromAnyThread { [weak self, handover] in
                guard let self, let result = handover.value else { return }
                switch result {
                case .success(let document):
                    self.onImported(document, Words.imported(sourceName, into: URL(fileURLWithPath: target).lastPathComponent))
                case .failure(let error):
                    self.onFailure(Words.importFailed, FileErrorWording.text(for: error))
                }
            }
        }
        thread.name = "rows-import"
        thread.start()
    }

    private func exportRows(to target: String) {
        if let failure = saveChanges() {
            onFailure(Words.exportFailed, failure)
            return
        }
        let database = databasePath()
        let unsaved = database == nil ? unsavedRows() : nil
        let handover = Handover<RowStoreError>()
        let thread = Thread { [handover] in
            do throws(RowStoreError) {
                if let database {
                    try RowsJSON.export(try RowDatabase.openRows(at: database), to: target)
                } else if let unsaved {
                    do throws(FileSystemError) {
                        try AtomicFileWriter.write(CollectionOfOne(unsaved), to: target, fileSystem: PosixFileSystem())
                    } catch {
                        throw .file(error)
                    }
                }
            } catch {
                handover.value = error
            }
            MainLoopSource.idleFromAnyThread { [weak self, handover] in
                guard let self else { return }
                if let error = handover.value {
                    self.onFailure(Words.exportFailed, FileErrorWording.text(for: error))
                } else {
                    self.onDone(Words.exported(to: target))
                }
            }
        }
        thread.name = "rows-export"
        thread.start()
    }

    /// A database path in the app's data folder named after `source` that no file has yet.
    ///
    /// - Complexity: O(k) file checks for the k names taken.
    static func newDatabasePath(for source: String) -> String {
        let folder = DataLocation.userRows.deletingLastPathComponent()
        let stem = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
        var candidate = folder.appendingPathComponent(stem + ".sqlite").path
        var number = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = folder.appendingPathComponent("\(stem) \(number).sqlite").path
            number += 1
        }
        return candidate
    }
}

/// A value a worker thread sets once before it hands over to the main loop, which reads it
/// only after: Sendable by that hand-over.
final class Handover<Value>: @unchecked Sendable {
    var value: Value?
}
