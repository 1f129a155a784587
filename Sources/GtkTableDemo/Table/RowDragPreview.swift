import CGtk
import Foundation
import GtkBridge
import TableModel

/// What a row drag looks like before the drop (E2), on the view's side only: the dragged row
/// follows the pointer, the rows between its place and the drop place make room for it (they
/// slide there, eased frame by frame, or jump with animations off), and a line marks where it
/// will land. The model changes only on the drop, in one move; until then nothing here
/// touches it, so Escape just lets the rows go back.
///
/// Positions are content offsets (the model's), except the pointer, which is in the viewport.
///
/// - Complexity: `shift(of:)` is O(log n); `retarget` and `ease` are O(log n) and O(k) for
///   k rows making room.
@MainActor
final class RowDragPreview {
    /// A drag under way.
    struct Drag {
        var id: RowID
        /// The row's index when the drag began (its place in the model all along).
        var source: Int
        var height: Double
        /// How far below the row's top the pointer took hold of it.
        var grabOffset: Double
        /// The pointer's y in the viewport.
        var pointerY: Double
    }

    /// The time constant of a row's slide to make room, s: the distance left shrinks by e
    /// every this long (settled in about 150 ms, whatever the frame rate).
    static let easing = 0.03
    /// A displayed shift this close to its target is the target.
    static let settled = 0.5

    private(set) var drag: Drag?
    /// Where the row would land now: an index after the move, as ``Table/moveRow(_:to:)`` takes.
    private(set) var destination: Int?
    /// The shifts drawn now of the rows making room (or going back), by id.
    private var shown: [RowID: Double] = [:]
    /// Whether rows slide to make room (false: `gtk-enable-animations` off).
    var animates = true
    let indicator: GObjectRef

    init(table: GObjectRef) {
        indicator = GObjectRef(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!)
        indicator.addCSSClass("drop-indicator")
        indicator.setAccessibleHidden(true)
        indicator.setParent(table)
        indicator.setChildVisible(false)
    }

    var isDragging: Bool { drag != nil }

    func begin(_ drag: Drag) {
        self.drag = drag
        destination = drag.source
        indicator.setChildVisible(true)
    }

    /// The pointer moved to `y` in the viewport.
    func pointerMoved(to y: Double) { drag?.pointerY = y }

    /// Ends the drag; the rows making room are let go, back to their places at the next layout.
    func end() {
        drag = nil
        destination = nil
        shown = [:]
        indicator.setChildVisible(false)
    }

    /// Works out the drop place from the pointer: the dragged row's middle, in the table as
    /// it would be without the row, falls in the upper or lower half of a row; `allowed`
    /// corrects the place (pinned rows, ``Table/dropIndex(for:proposed:)``).
    func retarget(_ geometry: LayoutGeometry, allowed: (Int) -> Int?) {
        guard let drag, geometry.count > 0, let sourceTop = geometry.offset(of: drag.id) else { return }
        let middle = geometry.scrollOffset + drag.pointerY - drag.grabOffset + drag.height / 2
        // The same point in the table as laid out, where the row still is at its place.
        let resting = middle < sourceTop ? middle : middle + drag.height
        let clamped = min(max(0, resting), max(0, geometry.contentHeight - 0.5))
        guard let anchor = geometry.row(atOffset: clamped), let index = geometry.index(of: anchor.id),
              let height = geometry.height(of: anchor.id) else { return }
        let gap = anchor.offsetInRow < height / 2 ? index : index + 1
        let proposed = gap <= drag.source ? gap : gap - 1
        destination = allowed(proposed) ?? drag.source
    }

    /// Where row `id` is drawn now relative to its place: the dragged row under the pointer,
    /// a row making room by the shift shown for it.
    func shift(of id: RowID, in geometry: LayoutGeometry) -> Double {
        guard let drag else { return shown[id] ?? 0 }
        if id == drag.id {
            guard let top = geometry.offset(of: id) else { return 0 }
            return geometry.scrollOffset + drag.pointerY - drag.grabOffset - top
        }
        return shown[id] ?? target(of: id, in: geometry)
    }

    /// Where row `id` should be drawn for the current drop place: a row between the dragged
    /// row's place and the drop place moves by the dragged row's height, towards its place.
    private func target(of id: RowID, in geometry: LayoutGeometry) -> Double {
        guard let drag, let destination, let index = geometry.index(of: id) else { return 0 }
        if destination > drag.source, index > drag.source, index <= destination { return -drag.height }
        if destination < drag.source, index >= destination, index < drag.source { return drag.height }
        return 0
    }

    /// Moves each shown row's shift towards its target by `seconds` of its slide (at once
    /// without animations), for the rows placed now.
    func ease(_ placed: [RowID], in geometry: LayoutGeometry, seconds: Double) {
        guard let drag else { return }
        var next: [RowID: Double] = [:]
        for id in placed where id != drag.id {
            let goal = target(of: id, in: geometry)
            // A row just scrolled in starts where it belongs.
            let current = shown[id] ?? goal
            let step = animates ? goal + (current - goal) * exp(-seconds / Self.easing) : goal
            let value = abs(goal - step) < Self.settled ? goal : step
            next[id] = value
        }
        shown = next
    }

    /// The drop line: at the top of the gap the rows leave for the dragged row, across the row
    /// width. It is shown and hidden by `begin` and `end`, outside any allocation: a visibility
    /// change inside one resizes the table's ancestors while GTK allocates them.
    ///
    /// - Complexity: O(log n).
    func placeIndicator(_ geometry: LayoutGeometry, width: Int32) {
        guard let drag, let destination else { return }
        let gapTop: Double
        if destination <= drag.source {
            gapTop = geometry.offset(ofRow: destination)
        } else {
            gapTop = geometry.offset(ofRow: destination) + (geometry.height(of: geometry.id(at: destination)) ?? 0) - drag.height
        }
        let y = (gapTop - geometry.scrollOffset).rounded() - 1
        let height = max(2, indicator.measure(GTK_ORIENTATION_VERTICAL, forSize: width).minimum)
        indicator.allocate(x: 0, y: Int32(clamping: Int(max(-100, min(y, 1e6)))), width: width, height: height)
    }
}
