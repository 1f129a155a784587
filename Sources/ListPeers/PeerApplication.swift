import CGtk
import Foundation
import GtkBridge

/// A GtkApplication (libadwaita initialised, as our AdwApplication is) with one `PeerWindow`;
/// the process exits when the window closes.
@MainActor
final class PeerApplication {
    private let options: PeerOptions
    private let application: OwnedObject
    private var window: PeerWindow?
    private var status: Int32 = 0

    init(options: PeerOptions) {
        self.options = options
        application = OwnedObject(adopting: gtk_application_new("io.github.gtktabledemo.ListPeers", G_APPLICATION_NON_UNIQUE)!)
        application.ref.on("activate") { [weak self] in self?.activate() }
    }

    /// Runs the main loop; GLib sees only the program name (options were parsed already).
    func run() -> Int32 {
        let result = CommandLine.arguments[0].withCString { name in
            var argv: [UnsafeMutablePointer<CChar>?] = [strdup(name), nil]
            defer { free(argv[0]) }
            return g_application_run(application.ref(), 1, &argv)
        }
        return status != 0 ? status : result
    }

    private func activate() {
        guard window == nil else { return }
        do {
            let folder = PeerApplication.dataFolder
            // Our style sheet uses libadwaita's named colours (as our AdwApplication has them);
            // without them GTK draws the chips' text white on no background.
            adw_init()
            PeerApplication.loadStyleSheet(folder.appendingPathComponent("style.css"))
            // Our rows' fonts, after the sheet so they win, as our app adds them.
            if let path = options.rowCSSPath { PeerApplication.loadStyleSheet(URL(fileURLWithPath: path)) }
            let rows = try PeerRows.load(path: options.dataPath, dataFolder: folder)
            window = PeerWindow(application: application.ref, options: options, rows: rows)
            window?.present()
        } catch {
            FileHandle.standardError.write(Data("ListPeers: \(error.description)\n".utf8))
            status = 1
        }
    }

    /// Our app's data folder (rich markup, style sheet): `$GTKTABLEDEMO_DATA_DIR`, else `./data`.
    static var dataFolder: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["GTKTABLEDEMO_DATA_DIR"] ?? "data", isDirectory: true)
    }

    /// Loads our style sheet (over libadwaita's, as in our app), so chips and rich text are
    /// styled (and cost) as in our table.
    private static func loadStyleSheet(_ url: URL) {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        // Ours goes when this returns: the display keeps the provider.
        let provider = OwnedObject(adopting: gtk_css_provider_new()!)
        gtk_css_provider_load_from_path(provider.ref(), url.path)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), provider.ref.opaque, guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
