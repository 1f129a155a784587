import CGtk
import Foundation
import GtkBridge
import RowStore
import TableModel

/// The application window: a header bar with the title and an End Editing button (P1, N6), and the
/// table inside a toast overlay (for the undo toast). It opens the rows database, and if that
/// fails it says why, in a dialog and on stderr, and offers the sample data instead; the
/// unreadable file is never touched.
@MainActor
final class MainWindow {
    let window: GObjectRef
    private let toastOverlay: GObjectRef
    private let toasts: ToastPresenter
    private let resolution = TextResolution()
    private let header: HeaderBar
    private let selectionChrome: SelectionChrome
    private let options: LaunchOptions
    private let clock = Table.monotonicClock()
    private(set) var controller: TableController?
    private var measurer: PangoTextMeasurer?
    private var saver: AutoSaver?
    private var richLoader: RichContentLoader?
    private var stateWriter: StateFileWriter?
    private var benchmark: BenchmarkRunner?
    private var agreement: ViewModelAgreement?
    private var fullRedraw: FullRedraw?
    private(set) var findBar: FindBar?
    /// The pending update of the End Editing button (`showEditing`).
    private var editingShownSoon: UInt32?
    /// The pending update of the selection chrome (`showSelectionSoon`).
    private var selectionShownSoon: UInt32?
    private var screenshotTaken = false
    private static let screenshotRetryMilliseconds: UInt32 = 50
    private static let screenshotAttempts = 40
    /// Non-zero when the window could not show the user's data (the process exit status).
    private(set) var exitStatus: Int32?

    private let opening: RowsDocumentOpening
    private let transfer: RowsTransfer

    /// - Parameter opening: the rows being opened since the app started.
    init(application: GObjectRef, options: LaunchOptions, opening: RowsDocumentOpening) {
        self.options = options
        self.opening = opening
        window = GObjectRef(adw_application_window_new(application())!)
        gtk_window_set_title(window(), HeaderBar.Words.appName)
        gtk_window_set_default_size(window(), options.width, options.height)
        // GTKTABLEDEMO_WITHOUT_GRAB_BREAK_FILTER=1 leaves the GTK workaround out (its canary UI test).
        if ProcessInfo.processInfo.environment["GTKTABLEDEMO_WITHOUT_GRAB_BREAK_FILTER"] != "1" {
            ImplicitGrabBreakFilter.install(on: window)
        }

        header = HeaderBar()
        toastOverlay = GObjectRef(adw_toast_overlay_new()!)
        toasts = ToastPresenter(overlay: toastOverlay)
        gtk_widget_set_vexpand(toastOverlay.widget, 1)
        let column = GObjectRef(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!)
        column.append(header.widget)
        column.append(toastOverlay)
        selectionChrome = SelectionChrome(header: header.widget, title: header.title)
        column.append(selectionChrome.actionBar)
        adw_application_window_set_content(window(), column.widget)

        transfer = RowsTransfer(window: window)
        header.onEndEditing = { [weak self] in self?.controller?.endEditing() }
        window.onRequest("close-request") { [weak self] in self?.closeRequested() ?? false }
        addAction("undo") { [weak self] in
            self?.controller?.undo()
            self?.toasts.historyMoved()
        }
        addAction("redo") { [weak self] in
            self?.controller?.redo()
            self?.toasts.historyMoved()
        }
        addMainMenuActions()
        window.onNotify("focus-widget") { [weak self] in
            self?.controller?.focusMoved()
            self?.showEditing()
        }
        // Large Text or another font: measure every row again with the fonts GTK now uses.
        resolution.onChange { [weak self] in self?.textResolutionChanged() }
        addAction("new-note") { [weak self] in self?.controller?.createNote() }
        NewNoteButton.add(to: header.widget)
        if let path = options.stateFilePath {
            let writer = StateFileWriter(path: path) { [weak self] in self?.automationState() ?? [:] }
            writer.attach(to: window)
            stateWriter = writer
            toasts.onShownChange = { [weak writer] in writer?.setNeedsWrite() }
        }
        open()
    }

    func present() { gtk_window_present(window()) }
    func close() { gtk_window_close(window()) }

    /// Closes the window from the main loop, after the signal being handled has finished.
    private func closeSoon() {
        MainLoopSource.idle { [weak self] in
            self?.close()
            return false
        }
    }

    /// Set once the user chose to quit although the last changes could not be saved.
    private var quitsWithoutSaving = false

    /// With `GTKTABLEDEMO_MODEL_EXPORT=PATH` (the random-input soak sets it), the model's own
    /// rows are written to PATH as a rows file when the window closes, so a test can compare
    /// them with what was saved.
    private func exportModelForTests() {
        guard let path = ProcessInfo.processInfo.environment["GTKTABLEDEMO_MODEL_EXPORT"], let model = controller?.model else { return }
        do {
            try Data(model.snapshot().encoded()).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("GtkTableDemo: cannot write the model export \(path): \(error)\n".utf8))
        }
    }

    /// Closing saves first (Ctrl+Q, the close button, SIGTERM, SIGINT). If that save fails,
    /// the window stays open and says what failed, so nothing is lost silently.
    private func closeRequested() -> Bool {
        if !quitsWithoutSaving, let view = leftViewState() { saver?.remember(view) }
        guard !quitsWithoutSaving, let failure = saver?.flush() else {
            saver?.close()
            controller?.close()
            exportModelForTests()
            return false
        }
        let dialog = MessageDialog.make(
            over: window, heading: tr("Your last changes could not be saved"), body: failure,
            responses: [("keep", tr("_Keep Open")), ("quit", tr("_Quit Without Saving"))], emphasised: "quit",
            appearance: ADW_RESPONSE_DESTRUCTIVE, defaultResponse: "keep", closeResponse: "keep"
        ) { [weak self] response in
            guard let self else { return }
            guard response == "quit" else {
                // Back to the window (without a window manager nothing else gives it the keyboard).
                MainLoopSource.idle { [weak self] in
                    self?.present()
                    return false
                }
                return
            }
            self.quitsWithoutSaving = true
            self.closeSoon()
        }
        gtk_window_present(dialog())
        return true
    }

    // MARK: Where the window was left (P1)

    /// The window's size and the table's top row now, to be restored at the next launch.
    private func leftViewState() -> ViewState? {
        guard let layout = controller?.model.geometry else { return nil }
        var width: Int32 = 0
        var height: Int32 = 0
        // GTK 4 keeps the default size at the size the user gave the window.
        gtk_window_get_default_size(window(), &width, &height)
        guard width > 0, height > 0 else { return nil }
        return ViewState(width: Int(width), height: Int(height), anchorRow: layout.anchor?.id, anchorOffset: layout.anchor?.offsetInRow ?? 0)
    }

    /// Gives the window the size it was left at (unless `--size` gave one), and has the table
    /// scroll, once its rows have a width, so the row that was at its top is there again, as
    /// far into it as it was.
    private func restore(_ view: ViewState, in controller: TableController) {
        if !options.sizeGiven { gtk_window_set_default_size(window(), Int32(clamping: view.width), Int32(clamping: view.height)) }
        if let id = view.anchorRow { controller.restorePositionAtFirstWidth(row: id, offsetInRow: view.anchorOffset) }
    }

    /// The find bar (F1) between the header bar and the table, its button in the header bar,
    /// and `win.find` (Ctrl+F) opening it.
    private func attachFindBar(controller: TableController, databasePath: String?) {
        let find = FindBar(controller: controller, databasePath: databasePath)
        if let column = gtk_widget_get_parent(toastOverlay.widget) {
            gtk_box_insert_child_after(OpaquePointer(column).map { UnsafeMutablePointer<GtkBox>($0) }, find.bar.widget, header.widget.widget)
        }
        adw_header_bar_pack_start(header.widget(), find.button.widget)
        addAction("find") { [weak find] in find?.open() }
        findBar = find
    }

    private func addAction(_ name: String, _ activate: @escaping @MainActor () -> Void) {
        // Ours goes when this returns: the window keeps the action.
        let action = OwnedObject(adopting: g_simple_action_new(name, nil)!)
        action.ref.onIgnoringArgument("activate", activate)
        g_action_map_add_action(window(), action.ref())
    }

    // MARK: Opening rows

    private func open() {
        do {
            show(try opening.take())
        } catch {
            report(error)
        }
    }

    /// Says what is wrong with the file and where, and offers the sample data instead.
    private func report(_ error: RowStoreError) {
        // The command line's own advice goes on stderr only; the dialog speaks of the desktop.
        let advice = "To open another rows file from the command line: GtkTableDemo --data PATH"
        FileHandle.standardError.write(Data("GtkTableDemo: \(error.description)\n\(advice)\n".utf8))
        exitStatus = 1
        let dialog = MessageDialog.make(
            over: window, heading: tr("Cannot open the rows file"), body: FileErrorWording.text(for: error),
            responses: [("quit", tr("_Quit")), ("sample", tr("Open _Sample Data"))], emphasised: "sample",
            appearance: ADW_RESPONSE_SUGGESTED, defaultResponse: "sample", closeResponse: "quit"
        ) { [weak self] response in
            guard let self else { return }
            // The dialog closes itself after this signal; the window goes once it has.
            guard response == "sample" else {
                self.closeSoon()
                return
            }
            do {
                self.exitStatus = nil
                self.show(try RowsDocument.openSample())
            } catch {
                FileHandle.standardError.write(Data("GtkTableDemo: \(error)\n".utf8))
                self.close()
            }
        }
        MainLoopSource.idle { [weak self] in
            self.map { _ in gtk_window_present(dialog()) }
            return false
        }
    }

    private func show(_ document: RowsDocument) {
        let measurer = PangoTextMeasurer(context: gtk_widget_get_pango_context(window.widget))
        self.measurer = measurer
        let model: Table
        do {
            model = try document.makeTable(metrics: RowStyle.metrics(dpi: resolution.dpi), measurer: measurer, clock: clock)
        } catch {
            FileHandle.standardError.write(Data("GtkTableDemo: \(error.description)\n".utf8))
            exitStatus = 1
            return
        }
        model.swipeActionStyle.font = RowStyle.actionTitleFont.description(dpi: resolution.dpi)
        model.swipeActionStyle.titles = ActionTitles.all
        // Before any view exists: there is nothing on screen for the change set to update.
        _ = try? model.setEstimatePolicy(.learned(initial: RowStyle.richPlaceholderHeight), for: .rich)
        if gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL { model.layoutDirection = .rightToLeft }
        measurer.keptNoteLayouts.font = RowStyle.metrics(dpi: resolution.dpi).note.font
        let controller = TableController(model: model, clock: clock, keptNoteLayouts: measurer.keptNoteLayouts)
        // Benchmarks run the product as users do, autosave included: the driver (scripts/bench.py)
        // gives every run that edits rows its own copy of the data.
        let saver = document.databasePath.map { AutoSaver(model: model, databasePath: $0, clock: clock) }
        saver?.onError = { [weak self] message in self?.toasts.show(message) }
        let richLoader = RichContentLoader(controller: controller, folder: DataLocation.sampleDirectory)
        controller.onUpdate = { [weak self] in
            self?.saver?.changed()
            self?.showEditing()
            self?.findBar?.showMatchCount()
            self?.stateWriter?.setNeedsWrite()
        }
        controller.onUndoToast = { [weak self] toast in self?.toasts.showUndo(ToastWords.undo(toast.action)) }
        controller.onMovedOutOfView = { [weak self, weak controller] id, message in
            self?.toasts.show(message, button: tr("Show")) { controller?.show(id) }
        }
        toasts.onCoveredHeightChange = { [weak controller] height in controller?.setBottomInset(height) }
        controller.onError = { [weak self] message, details in
            FileHandle.standardError.write(Data("GtkTableDemo: \(details)\n".utf8))
            self?.toasts.show(message)
        }
        controller.onRichRowNeeded = { [weak richLoader] id in richLoader?.load(id) }
        attachSelectionChrome(to: controller)
        controller.view.onLayout = { [weak self] in self?.didLayout() }
        self.controller = controller
        if ViewModelAgreement.isEnabled {
            agreement = ViewModelAgreement(controller: controller)
            agreement?.attach(to: window)
        }
        if let stateWriter, fullRedraw == nil {
            fullRedraw = FullRedraw(window: window, dropCaches: { [weak self] in self?.controller?.view.dropDrawingCaches() }) {
                stateWriter.setNeedsWrite()
            }
        }
        self.saver = saver
        self.richLoader = richLoader
        header.showDatabase(path: document.databasePath)
        openDatabasePath = document.databasePath
        if let view = document.viewState { restore(view, in: controller) }
        adw_toast_overlay_set_child(toastOverlay(), controller.view.scrolledWindow.widget)
        attachFindBar(controller: controller, databasePath: document.databasePath)
        ScrollbarAccessibility.tidy(controller.view.scrolledWindow)
        gtk_widget_grab_focus(controller.view.widget.widget)
        if let script = options.benchScript, let output = options.benchOutputPath {
            benchmark = BenchmarkRunner(
                window: window, controller: controller, findBar: findBar,
                isQuiet: { [weak self] in self.map { $0.isSettled && $0.toasts.isQuiet } ?? true }, script: script, outputPath: output
            ) {
                [weak self] in self?.close()
            }
        }
    }

    /// Large Text or another font: every row is measured again with the fonts GTK now uses,
    /// and slides to its new height, as after a resize.
    private func textResolutionChanged() {
        guard let controller, let measurer else { return }
        let dpi = resolution.dpi
        controller.view.captureForAnimation()
        let metrics = RowStyle.metrics(dpi: dpi)
        measurer.keptNoteLayouts.font = metrics.note.font
        controller.apply(controller.model.setMetrics(metrics, actionFont: RowStyle.actionTitleFont.description(dpi: dpi)))
        controller.webTextScaleChanged()
    }

    // MARK: The main menu (P2)

    private func addMainMenuActions() {
        addAction("import-rows") { [weak self] in self?.transfer.chooseImport() }
        addAction("export-rows") { [weak self] in self?.transfer.chooseExport() }
        addAction("about") { [weak self] in self.map { AboutWindow.present(over: $0.window) } }
        let shortcuts = ShortcutsWindow.make()
        // The window takes its own reference, and adds `win.show-help-overlay`; ours goes after.
        withExtendedLifetime(shortcuts) { gtk_application_window_set_help_overlay(window(), shortcuts.ref()) }
        transfer.databasePath = { [weak self] in self?.saver == nil ? nil : self?.openDatabasePath }
        transfer.unsavedRows = { [weak self] in self?.controller?.model.snapshot().encoded() }
        transfer.saveChanges = { [weak self] in self?.saver?.flush() }
        transfer.onImported = { [weak self] document, message in self?.replaceRows(with: document, message: message) }
        transfer.onDone = { [weak self] message in self?.toasts.show(message) }
        transfer.onFailure = { [weak self] heading, body in
            guard let self else { return }
            FileHandle.standardError.write(Data("GtkTableDemo: \(heading): \(body)\n".utf8))
            let dialog = MessageDialog.make(
                over: self.window, heading: heading, body: body, responses: [("close", tr("_Close"))], emphasised: "close",
                appearance: ADW_RESPONSE_DEFAULT, defaultResponse: "close", closeResponse: "close") { _ in }
            gtk_window_present(dialog())
        }
    }

    /// The database the window shows, if its rows are saved in one.
    private var openDatabasePath: String?

    /// Shows imported rows in place of the open ones, which are saved (with where their
    /// window was left) and closed first; if they cannot be saved, nothing changes but the
    /// message that says so.
    private func replaceRows(with document: RowsDocument, message: String) {
        if let view = leftViewState() { saver?.remember(view) }
        if let failure = saver?.flush() {
            toasts.show(failure)
            return
        }
        saver?.close()
        controller?.close()
        saver = nil
        show(document)
        toasts.show(message)
    }

    /// The End Editing button follows the model's edited note, once the main loop is idle:
    /// the model's updates also arrive inside the table's allocation, and a button shown then
    /// would have the header bar drawn before it is allocated again (GTK warns "Trying to
    /// snapshot AdwHeaderBar without a current allocation"; the soak found it). Not once the
    /// window is closing: hiding the button then would queue a layout of rows being destroyed.
    private func showEditing() {
        guard editingShownSoon == nil else { return }
        editingShownSoon = MainLoopSource.idle(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in
            guard let self else { return false }
            self.editingShownSoon = nil
            guard let controller = self.controller, !controller.isClosed else { return false }
            self.header.setEditing(controller.model.editingRow != nil)
            self.stateWriter?.setNeedsWrite()
            return false
        }
    }

    /// The Select, Cancel and batch buttons drive the table; the chrome follows the selection.
    private func attachSelectionChrome(to controller: TableController) {
        selectionChrome.onEnter = { [weak controller] in controller?.enterSelectionMode() }
        selectionChrome.onLeave = { [weak controller] in controller?.leaveSelectionMode() }
        selectionChrome.onAction = { [weak controller] action in controller?.performBatch(action) }
        controller.onSelectionChanged = { [weak self] in self?.showSelectionSoon() }
    }

    /// The header's Select and Cancel buttons, its title and the action bar follow the
    /// selection once the main loop is idle, for the reason `showEditing` gives: Select or
    /// Cancel shown while GTK lays out or draws a frame left the header bar's end box (an
    /// AdwGizmo) drawn before it was allocated again, and GTK warned "Trying to snapshot
    /// AdwGizmo without a current allocation". Deferring only changes made inside the
    /// table's own allocation was not enough (the soak's clean-clone runs still saw it, at
    /// the same step, twice): a high-priority idle never runs inside a frame's phases.
    private func showSelectionSoon() {
        guard selectionShownSoon == nil else { return }
        selectionShownSoon = MainLoopSource.idle(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in
            self?.selectionShownSoon = nil
            self?.showSelection()
            // The state file says what the header shows now (the frame that drew the rows
            // was written before).
            self?.stateWriter?.setNeedsWrite()
            return false
        }
    }

    private func showSelection() {
        guard let controller, !controller.isClosed else { return }
        let model = controller.model
        selectionChrome.show(
            selecting: model.isSelecting, title: model.isSelecting ? SelectionChrome.Words.title(selected: model.selection.count) : HeaderBar.Words.appName,
            count: model.selection.count)
    }

    // MARK: Automation

    /// No animation runs and no row content is still to arrive.
    private var isSettled: Bool { unsettledBy.isEmpty }

    /// Why the window is not settled, by name (the state file's `unsettledBy`, so a test that
    /// waits in vain for a settled state can say what held it): the animations running, and
    /// rich or web rows loading. Empty when settled.
    private var unsettledBy: [String] {
        guard let controller else { return ["no table"] }
        var reasons = controller.runningAnimations
        if (richLoader?.pendingCount ?? 0) > 0 { reasons.append("rich rows loading") }
        reasons += controller.webViews.pending
        return reasons
    }

    private func didLayout() {
        stateWriter?.setNeedsWrite()
        guard let path = options.screenshotPath, !screenshotTaken, isSettled else { return }
        screenshotTaken = true
        // The window's first frame may not be painted yet: try again on the next ones.
        var attempts = 0
        MainLoopSource.timeout(milliseconds: Self.screenshotRetryMilliseconds) { [weak self] in
            guard let self else { return false }
            attempts += 1
            do {
                try WindowScreenshot.save(self.window, to: path)
            } catch {
                if attempts < Self.screenshotAttempts { return true }
                FileHandle.standardError.write(Data("GtkTableDemo: screenshot failed: \(error)\n".utf8))
            }
            if self.options.quitAfterScreenshot { self.close() }
            return false
        }
    }

    private func automationState() -> [String: Any] {
        var state: [String: Any] = [
            "settled": isSettled, "unsettledBy": unsettledBy, "active": gtk_window_is_active(window()) != 0, "fullRedraws": fullRedraw?.count ?? 0,
            "focusVisible": gtk_window_get_focus_visible(window()) != 0, "header": header.automationFacts(in: window),
            "selectionChrome": selectionChrome.automationFacts(in: window), "toast": toasts.shownTitle ?? "",
            "cutLabels": CutLabels.find(in: window),
        ]
        if let surface = gtk_native_get_surface(window()) {
            state["window"] = [
                "width": gdk_surface_get_width(surface), "height": gdk_surface_get_height(surface),
                "scale": gdk_surface_get_scale_factor(surface),
            ]
        }
        if let findBar { state["find"] = findBar.automationFacts(in: window) }
        if let controller, let measurer {
            state.merge(AutomationState.snapshot(of: controller, in: window, measurer: measurer)) { $1 }
        }
        return state
    }
}
