import CGtk
import Foundation
import GtkBridge

/// Writes the layout state as JSON after each painted frame in which it changed (the
/// `--state-file` automation surface). The file is replaced atomically (temporary file, then
/// rename), so a reader never sees half of it. `frame` counts writes, so a test can wait for
/// "a frame after this one".
@MainActor
final class StateFileWriter {
    private let path: String
    private var frame = 0
    private var isDirty = true
    private var lastText = ""
    private let snapshot: () -> [String: Any]

    init(path: String, snapshot: @escaping () -> [String: Any]) {
        self.path = path
        self.snapshot = snapshot
    }

    /// Starts writing after each frame `window`'s frame clock paints, and when the window
    /// gains or loses keyboard focus (tests wait for that before typing) or starts or stops
    /// drawing focus rings (the pixel oracle waits for that).
    func attach(to window: GObjectRef) {
        for property in ["is-active", "focus-visible"] {
            window.onNotify(property) { [weak self] in
                self?.setNeedsWrite()
                gtk_widget_queue_draw(window.widget)
            }
        }
        window.on("realize", after: true) { [weak self] in
            guard let self, let clock = gtk_widget_get_frame_clock(window.widget) else { return }
            GObjectRef(clock).on("after-paint") { [weak self] in self?.frameDidPaint() }
        }
    }

    /// Something changed; the next painted frame writes the state.
    func setNeedsWrite() { isDirty = true }

    private func frameDidPaint() {
        guard isDirty else { return }
        isDirty = false
        var state = snapshot()
        state["frame"] = 0
        guard let data = try? JSONSerialization.data(withJSONObject: state, options: [.sortedKeys]),
            let text = String(data: data, encoding: .utf8), text != lastText
        else { return }
        lastText = text
        frame += 1
        state["frame"] = frame
        guard let numbered = try? JSONSerialization.data(withJSONObject: state, options: [.sortedKeys]) else { return }
        let temporary = path + ".tmp"
        do {
            try numbered.write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            FileHandle.standardError.write(Data("GtkTableDemo: cannot write state file \(path): \(error)\n".utf8))
        }
    }
}
