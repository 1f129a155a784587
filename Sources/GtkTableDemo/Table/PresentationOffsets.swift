import CGtk
import GtkBridge
import TableModel

/// How far each row is drawn from the place the model gives it while a height change animates
/// (expand, open, reflow, rich arrival, delete, undo, pin): a view-side presentation offset
/// that decays to 0 with one libadwaita timed animation, so the rows slide to the layout the
/// model already has. The model jumps to the end state at once; its anchor and scroll offset
/// never wait for an animation, and nothing here changes them.
///
/// It works by comparing screen positions. `capture` takes the rows' drawn tops (screen y,
/// their current offsets included) and heights just before the change; `begin`, in the layout
/// that follows, compares them with the rows' new resting places. A row that was drawn before
/// starts at its old place; a row that appears (scrolled in, inserted) starts with the offset of
/// the row above it, so neighbours move together; a row the model moved above the anchor's
/// correction does not move on screen, so it does not animate. A row whose top was above the
/// viewport and whose height changed does not slide either: the model kept what was seen of it
/// (its top, its end under the pointer, or its top brought to the viewport's top when the row
/// shrank past the anchor), and its old top was never on screen to slide from. Every offset
/// then shrinks by the same ease-out cubic factor, from 1 to 0 over `duration`.
///
/// - Complexity: `capture` and `begin` are O(k log n) for k placed rows; `shift(of:)` is O(1).
@MainActor
final class PresentationOffsets {
    /// How long a height change takes (UIKit takes about 0.3 s, libadwaita's expander 0.25 s).
    static let duration = 0.25
    /// A shift smaller than this (px) is not worth animating.
    static let smallestShift = 0.5
    /// A shift is at most this long (px): far beyond any screen, so a row still starts where it
    /// was drawn, and short enough that a drawn position always fits the 32-bit allocation
    /// (a row moved millions of px, pinned from far below its header, say).
    static let longestShift = Double(1 << 28)

    private let host: GObjectRef
    /// Each moving row's offset at the start (screen px, positive = drawn lower than its place).
    private var startShifts: [RowID: Double] = [:]
    /// The remaining fraction of every start offset: 1 at the start, 0 at rest.
    private var progress = 0.0
    private var animation: Animation?
    /// The rows' drawn tops and heights just before a change, for the next `begin`.
    private var captured: [RowID: DrawnRow]?
    /// Called on each frame the offsets moved, and when they reach 0.
    var onChange: (() -> Void)?

    init(host: GObjectRef) { self.host = host }

    /// Whether rows are still on their way.
    var isAnimating: Bool { !startShifts.isEmpty }

    /// The screen px row `id` is drawn below (positive) or above its resting place right now.
    func shift(of id: RowID) -> Double { (startShifts[id] ?? 0) * progress }

    /// Whether row `a` is drawn under row `b` while a slide runs. Rows that travel further are
    /// drawn over the others, and among equals later rows over earlier ones: rows sliding down
    /// uncover a row that grew or came back instead of passing under it, and a pinned row
    /// passes over the rows it overtakes.
    func isDrawnUnder(_ a: VisibleRow, _ b: VisibleRow) -> Bool {
        (abs(startShifts[a.id] ?? 0), a.index) < (abs(startShifts[b.id] ?? 0), b.index)
    }

    /// The rows that are drawn away from their place.
    var movingRows: Dictionary<RowID, Double>.Keys { startShifts.keys }

    /// Whether a change was captured and waits for its layout.
    var hasCapture: Bool { captured != nil }

    /// Where a row is drawn: its screen top and its height.
    struct DrawnRow {
        var top: Double
        var height: Double
    }

    /// Records the rows' drawn screen tops and heights before a change that should animate.
    func capture(_ drawn: [RowID: DrawnRow]) {
        guard !drawn.isEmpty else { return }
        // A second change before the layout keeps the first capture: that is what is on screen.
        if captured == nil { captured = drawn }
    }

    /// Forgets a capture whose change did not happen (the model refused it).
    func dropCapture() { captured = nil }

    /// The user scrolled by `delta` px between a capture and its layout (a rich row arrived,
    /// then the scrollbar moved before the next frame). Everything drawn moved with the
    /// scroll, which is not part of the change: without this, every captured row would slide
    /// back from where it was drawn before the scroll, across the rows now in view.
    ///
    /// - Complexity: O(k) for k captured rows.
    func scrolled(by delta: Double) {
        guard delta != 0, let old = captured else { return }
        captured = old.mapValues { DrawnRow(top: $0.top - delta, height: $0.height) }
    }

    /// Starts the slide after the layout that follows a captured change.
    ///
    /// - Parameters:
    ///   - shown: the rows now laid out in the viewport, top to bottom, with their resting screen tops.
    ///   - resting: the resting screen top and height of any row still in the table.
    ///
    /// With animations off (`gtk-enable-animations`) nothing moves: the change is instant.
    func begin(shown: [(id: RowID, top: Double)], resting: (RowID) -> DrawnRow?) {
        guard let old = captured else { return }
        captured = nil
        guard MotionPreference.animationsEnabled else { return }
        var shifts: [RowID: Double] = [:]
        for (id, drawn) in old {
            guard let rest = resting(id), drawn.top >= 0 || rest.height == drawn.height else { continue }
            let shift = min(max(drawn.top - rest.top, -Self.longestShift), Self.longestShift)
            if abs(shift) >= Self.smallestShift { shifts[id] = shift }
        }
        // Rows new to the screen move with the row above them (the first ones with the first
        // row that was already there).
        var above = shown.first { old[$0.id] != nil }.map { shifts[$0.id] ?? 0 } ?? 0
        for row in shown {
            if old[row.id] != nil {
                above = shifts[row.id] ?? 0
            } else if above != 0 {
                shifts[row.id] = above
            }
        }
        animation?.cancel()
        animation = nil
        startShifts = shifts
        progress = shifts.isEmpty ? 0 : 1
        guard !shifts.isEmpty else { return }
        let milliseconds = UInt32((Self.duration * AnimationPace.slowdown * 1000).rounded())
        let slide = Animation.timed(on: host, from: 1, to: 0, milliseconds: milliseconds, easing: ADW_EASE_OUT_CUBIC)
        animation = slide
        slide.play(
            onValue: { [weak self] value in
                guard let self, value != self.progress else { return }
                self.progress = value
                self.onChange?()
            },
            onDone: { [weak self] in self?.settle() })
    }

    /// Row `id` left the table: it has nowhere to slide to.
    func forget(_ id: RowID) { startShifts[id] = nil }

    private func settle() {
        animation = nil
        startShifts = [:]
        progress = 0
        onChange?()
    }
}
