import Foundation

/// Where the bundled sample data and the user's own rows database live, and which database
/// a `--data` path means.
enum DataLocation {
    /// The app id, also the folder name under `$XDG_DATA_HOME`.
    static let appID = "io.github.gtktabledemo.TableDemo"

    /// The folder holding the bundled `rows.json`, `style.css` and `rich/`: `$GTKTABLEDEMO_DATA_DIR`
    /// if set, else `PREFIX/share/gtktabledemo` beside an installed `PREFIX/bin/GtkTableDemo`
    /// (`make install`), else the first `data/` found walking up from the executable, else `./data`.
    static let sampleDirectory: URL = {
        if let override = ProcessInfo.processInfo.environment["GTKTABLEDEMO_DATA_DIR"] {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let installed = folder.deletingLastPathComponent().appendingPathComponent("share/gtktabledemo", isDirectory: true)
        if FileManager.default.fileExists(atPath: installed.appendingPathComponent("rows.json").path) {
            return installed
        }
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("data", isDirectory: true)
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("rows.json").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: "data", isDirectory: true)
    }()

    static var sampleRows: URL { sampleDirectory.appendingPathComponent("rows.json") }
    static var styleSheet: URL { sampleDirectory.appendingPathComponent("style.css") }

    /// `$XDG_DATA_HOME/<app id>/rows.sqlite`, with the XDG default of `~/.local/share`.
    static var userRows: URL {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        return base.appendingPathComponent(appID).appendingPathComponent("rows.sqlite")
    }

    /// The database a `--data PATH` opens, and the JSON file to create it from when it does
    /// not exist yet. A path ending in `.json` (any case) means the database beside it with
    /// `.sqlite` in place of `.json`, imported from the JSON on first use; the JSON file
    /// itself is only ever read. Any other path is a database that must exist.
    ///
    /// - Complexity: O(length of the path).
    static func database(forData path: String) -> (database: String, importFrom: String?) {
        guard path.lowercased().hasSuffix(".json") else { return (path, nil) }
        return (String(path.dropLast(5)) + ".sqlite", path)
    }
}
