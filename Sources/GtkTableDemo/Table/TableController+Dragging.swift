import CGtk
import GtkBridge
import TableModel

/// Moving a row by dragging its handle (E2). A press on a row's handle strip starts a drag
/// that the table claims before the row's swipe sees it, so a drag anywhere else on the row
/// stays a swipe. While dragging, the row follows the pointer, the rows between make room
/// (`RowDragPreview`), and near the top or bottom edge the table scrolls, faster the nearer
/// the pointer is to the edge. Releasing moves the row in the model (one move, one undo step);
/// Escape cancels, and the row goes back.
extension TableController {
    /// The band along each edge where a drag scrolls the table, px.
    static let autoScrollZone = 64.0
    /// The scroll speed with the pointer at the very edge, px/s; it falls to 0 across the band.
    static let autoScrollFastest = 2_400.0
    /// The longest frame the scroll follows, s: a stalled frame does not make a jump.
    static let longestAutoScrollFrame = 0.1

    /// A drag gesture on the table itself, in the capture phase: the table sees a press before
    /// the row under it, and takes it only when it is on a handle.
    func attachRowDrag() {
        let drag = GObjectRef(gtk_gesture_drag_new()!)
        gtk_event_controller_set_propagation_phase(drag(), GTK_PHASE_CAPTURE)
        var startY = 0.0
        drag.onPoint("drag-begin") { [weak self] x, y in
            guard let self, self.beginRowDrag(x: x, y: y) else {
                gtk_gesture_set_state(drag(), GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            startY = y
            gtk_gesture_set_state(drag(), GTK_EVENT_SEQUENCE_CLAIMED)
        }
        drag.onPoint("drag-update") { [weak self] _, dy in
            guard let self, self.view.rowDrag.isDragging else { return }
            self.view.rowDrag.pointerMoved(to: startY + dy)
            self.followRowDrag(seconds: 0)
        }
        drag.onPoint("drag-end") { [weak self] _, _ in self?.dropRow() }
        drag.onIgnoringArgument("cancel") { [weak self] in self?.cancelRowDrag() }
        gtk_widget_add_controller(view.widget.widget, drag())
    }

    /// Starts dragging the row under (`x`, `y`) in the table if that is on its handle.
    private func beginRowDrag(x: Double, y: Double) -> Bool {
        // A press on the sticky header is on the header, not on the row under it.
        // In selection mode a press selects (E3); rows are not dragged then.
        guard !view.rowDrag.isDragging, !model.isSelecting, y >= view.stickyHeader?.height ?? 0, let id = view.row(atY: y).flatMap(isLive),
              let cell = view.cell(for: id),
              cell.isOnDragHandle(x: x), let top = model.geometry.offset(of: id), let height = model.geometry.height(of: id),
              let source = model.geometry.index(of: id) else { return false }
        if model.isAnyRowOpen { apply(model.tap().update) }
        let grab = model.geometry.scrollOffset + y - top
        view.rowDrag.animates = MotionPreference.animationsEnabled
        view.rowDrag.begin(RowDragPreview.Drag(id: id, source: source, height: height, grabOffset: grab, pointerY: y))
        cell.widget.addCSSClass("dragged")
        // Drawn over the rows it passes, under the drop line; moved here, not in an allocation
        // (a child moved there resized the table's ancestors while GTK allocated them).
        gtk_widget_insert_before(cell.widget.widget, view.widget.widget, view.rowDrag.indicator.widget)
        // The focused row keeps its cell wherever the drag takes it (N10).
        focusInPlace(id)
        var lastFrame: Int?
        view.widget.addTickCallback { [weak self] time in
            let seconds = lastFrame.map { min(Self.longestAutoScrollFrame, Double(time - $0) / 1e6) } ?? 0
            lastFrame = time
            return self?.rowDragFrame(seconds: seconds) ?? false
        }
        return true
    }

    /// One frame of a drag, `seconds` after the last: scroll near the edges (faster the nearer
    /// the pointer), find the drop place, let the rows make room.
    private func rowDragFrame(seconds: Double) -> Bool {
        guard let drag = view.rowDrag.drag, !isClosed else { return false }
        let top = (view.stickyHeader?.height ?? 0) + Self.autoScrollZone
        let bottom = model.geometry.viewportHeight - Self.autoScrollZone
        let depth = drag.pointerY < top ? drag.pointerY - top : drag.pointerY > bottom ? drag.pointerY - bottom : 0
        let speed = Self.autoScrollFastest * max(-1, min(1, depth / Self.autoScrollZone))
        if speed != 0 { scrollBy(speed * seconds) }
        followRowDrag(seconds: seconds)
        return true
    }

    /// The pointer or the table moved: find the drop place again, let the rows making room
    /// slide on by `seconds`, and lay out.
    private func followRowDrag(seconds: Double) {
        guard let id = view.rowDrag.drag?.id else { return }
        view.rowDrag.retarget(model.geometry) { [model] proposed in model.dropIndex(for: id, proposed: proposed) }
        view.rowDrag.ease(Array(view.cells.keys), in: model.geometry, seconds: seconds)
        view.setNeedsLayout()
    }

    /// The row is let go: it moves to the drop place in one model move and takes the gap.
    /// The rows that made room are drawn at their new places already, at the same scroll
    /// offset, so the offset is kept as it was (the engine's anchor correction would keep
    /// their old places instead) and nothing the user looks at moves. The dropped row slides
    /// from under the pointer into its gap.
    private func dropRow() {
        guard let drag = view.rowDrag.drag else { return }
        let destination = view.rowDrag.destination ?? drag.source
        let offset = model.geometry.scrollOffset
        view.captureForAnimation()
        finishRowDrag(drag.id)
        if destination != drag.source, perform({ () throws(TableError) in try model.moveRow(drag.id, to: destination) }) {
            apply(model.scroll(toOffset: offset))
        }
        view.setNeedsLayout()
    }

    /// Escape, or the gesture was taken away: every row slides back to its place.
    func cancelRowDrag() {
        guard let drag = view.rowDrag.drag else { return }
        view.captureForAnimation()
        finishRowDrag(drag.id)
        view.setNeedsLayout()
    }

    private func finishRowDrag(_ id: RowID) {
        view.rowDrag.end()
        view.cell(for: id)?.widget.removeCSSClass("dragged")
    }
}
