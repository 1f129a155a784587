import CGtk
import Foundation
import GtkBridge

/// The GtkApplication (an AdwApplication, for toasts and the system dark-style preference).
/// It owns the GtkApplication and the one main window; it is not a global, main.swift holds it
/// for the run.
@MainActor
final class DemoApplication {
    private let options: LaunchOptions
    private let application: OwnedObject
    private var window: MainWindow?
    /// The rows, opened on a thread from the start while GTK starts up (``RowsDocumentOpening``).
    private let opening: RowsDocumentOpening

    init(options: LaunchOptions) {
        self.options = options
        opening = RowsDocumentOpening(options: options)
        application = OwnedObject(adopting: adw_application_new(DataLocation.appID, Self.flags(for: options))!)
        // Emitted only in the instance that goes on to show the window, never in a launch
        // that hands over to a running one.
        application.ref.on("startup") { [weak self] in self?.opening.allowWriting() }
        application.ref.on("activate") { [weak self] in self?.activate() }
        addQuitAction()
        // SIGTERM and SIGINT quit as Ctrl+Q does, so pending changes are written first (W6).
        for signal in [SIGTERM, SIGINT] {
            MainLoopSource.unixSignal(signal) { [weak self] in self?.quit() }
        }
    }

    /// Closes the window, which writes what is unsaved first and ends the run.
    private func quit() {
        guard let window else {
            g_application_quit(application.ref())
            return
        }
        window.close()
    }

    /// Single-instance (W6): a second launch hands over to the running one on the session
    /// bus, which presents its window, and exits. `--non-unique` and benchmark runs opt out,
    /// so tests and benchmarks run side by side. Without a session bus GLib runs the app as
    /// an instance of its own.
    private static func flags(for options: LaunchOptions) -> GApplicationFlags {
        options.nonUnique || options.benchScript != nil ? G_APPLICATION_NON_UNIQUE : GApplicationFlags(rawValue: 0)
    }

    /// Runs the main loop until the window closes. Options were parsed already, so GLib sees
    /// only the program name.
    func run() -> Int32 {
        let status = CommandLine.arguments[0].withCString { name in
            var argv: [UnsafeMutablePointer<CChar>?] = [strdup(name), nil]
            defer { free(argv[0]) }
            return g_application_run(application.ref(), 1, &argv)
        }
        return window?.exitStatus ?? status
    }

    private func activate() {
        if let window {
            window.present()
            return
        }
        if options.rightToLeft { gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL) }
        StyleSheet.load(from: DataLocation.styleSheet)
        StyleSheet.loadMeasuredRules()
        window = MainWindow(application: application.ref, options: options, opening: opening)
        window?.present()
    }

    private func addQuitAction() {
        // Ours goes when this returns: the application keeps the action.
        let quit = OwnedObject(adopting: g_simple_action_new("quit", nil)!)
        quit.ref.onIgnoringArgument("activate") { [weak self] in self?.quit() }
        g_action_map_add_action(application.ref(), quit.ref())
        setAccelerators(["<Control>q"], for: "app.quit")
        setAccelerators(["<Control>z"], for: "win.undo")
        setAccelerators(["<Control><Shift>z", "<Control>y"], for: "win.redo")
        setAccelerators(["<Control>f"], for: "win.find")
        setAccelerators(["<Control>question"], for: "win.show-help-overlay")
        setAccelerators(["<Control>n"], for: NewNoteButton.actionName)
    }

    /// Binds keyboard shortcuts to an action name such as `win.undo`.
    private func setAccelerators(_ accelerators: [String], for action: String) {
        withCStrings(accelerators) { list in
            gtk_application_set_accels_for_action(application.ref(), action, list)
        }
    }
}

/// Calls `body` with a NULL-terminated C array of the strings, valid only inside `body`.
func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let array: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
    return array.withUnsafeBufferPointer { body($0.baseAddress!) }
}
