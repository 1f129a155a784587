import CGtk
import Foundation
import GtkBridge

/// A plain GtkApplication with one `PeerWindow`; the process exits when the window closes.
@MainActor
final class PeerApplication {
    private let options: PeerOptions
    private let application: GObjectRef
    private var window: PeerWindow?
    private var status: Int32 = 0

    init(options: PeerOptions) {
        self.options = options
        application = GObjectRef(gtk_application_new("io.github.gtktabledemo.ListPeers", G_APPLICATION_NON_UNIQUE)!)
        application.on("activate") { [weak self] in self?.activate() }
    }

    /// Runs the main loop; GLib sees only the program name (options were parsed already).
    func run() -> Int32 {
        let result = CommandLine.arguments[0].withCString { name in
            var argv: [UnsafeMutablePointer<CChar>?] = [strdup(name), nil]
            defer { free(argv[0]) }
            return g_application_run(application(), 1, &argv)
        }
        g_object_unref(application.pointer)
        return status != 0 ? status : result
    }

    private func activate() {
        guard window == nil else { return }
        do {
            let rows = try PeerRows.load(path: options.dataPath)
            window = PeerWindow(application: application, options: options, rows: rows)
            window?.present()
        } catch {
            FileHandle.standardError.write(Data("ListPeers: \(error.description)\n".utf8))
            status = 1
        }
    }
}
