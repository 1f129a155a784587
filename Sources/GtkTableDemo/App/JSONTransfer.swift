import Foundation
import RowStore

/// The command-line import and export of JSON rows files (`--import-json`, `--export-json`),
/// run without a window. The database is `--data` (see ``DataLocation/database(forData:)``)
/// or the user's own.
enum JSONTransfer {
    /// Runs the transfer the options ask for; nil when they ask for none.
    ///
    /// - Returns: the process exit status: 0 on success, 1 with a message on stderr.
    /// - Complexity: O(size of the rows).
    static func run(_ options: LaunchOptions) -> Int32? {
        if let source = options.importJSONPath { return report { () throws(RowStoreError) in try importing(source, options) } }
        if let target = options.exportJSONPath { return report { () throws(RowStoreError) in try exporting(to: target, options) } }
        return nil
    }

    private static func database(_ options: LaunchOptions) -> String {
        options.dataPath.map { DataLocation.database(forData: $0).database } ?? DataLocation.userRows.path
    }

    private static func importing(_ source: String, _ options: LaunchOptions) throws(RowStoreError) -> String {
        let target = database(options)
        guard !FileManager.default.fileExists(atPath: target) else {
            throw .alreadyExists(target)
        }
        try? FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = try RowsJSON.importFile(source, into: target)
        return "imported \(source) into \(target)"
    }

    /// A `--data` JSON file whose database was never made is exported from the JSON itself,
    /// so a failure names the file the user gave, not a database beside it.
    private static func exporting(to target: String, _ options: LaunchOptions) throws(RowStoreError) -> String {
        let source = database(options)
        if let json = options.dataPath.flatMap({ DataLocation.database(forData: $0).importFrom }),
            !FileManager.default.fileExists(atPath: source)
        {
            try RowsJSON.write(try RowsJSON.read(json), to: target)
            return "exported \(json) to \(target)"
        }
        try RowsJSON.export(try RowDatabase.openRows(at: source), to: target)
        return "exported \(source) to \(target)"
    }

    private static func report(_ body: () throws(RowStoreError) -> String) -> Int32 {
        do throws(RowStoreError) {
            let done = try body()
            FileHandle.standardError.write(Data("GtkTableDemo: \(done)\n".utf8))
            return 0
        } catch {
            FileHandle.standardError.write(Data("GtkTableDemo: \(error.description)\n".utf8))
            return 1
        }
    }
}
