import Foundation

/// Where the bundled sample data and the user's own rows file live.
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

    /// `$XDG_DATA_HOME/<app id>/rows.json`, with the XDG default of `~/.local/share`.
    static var userRows: URL {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        return base.appendingPathComponent(appID).appendingPathComponent("rows.json")
    }
}
