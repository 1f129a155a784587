import BenchSupport
import CGtk
import Foundation
import GtkBridge
import TableModel

/// Connects the model and the view: turns widget intents and input events into `Table`
/// calls, and applies each `TableUpdate` by touching only the rows it names. Owns the
/// animations (swipe springs, and through the view the slide of a height change), which only
/// present model state.
@MainActor
final class TableController {
    let model: Table
    /// Monotonic seconds on the same clock the model was built with.
    let clock: () -> Double
    private(set) var view: TableView!
    private(set) var animator: SwipeAnimator!
    /// How many times each row id was bound to a cell (the state file's `bindCount`).
    private(set) var bindCounts: [RowID: Int] = [:]
    /// The pointer's y over the table, for sending horizontal scrolls to the row under it.
    var pointerY: Double?
    var horizontalScrollTimer: UInt32?
    /// Touchpad swipes are timed by their events' stamps (see `swipeEventTime`).
    var swipeTimeline = EventTimeline()
    /// The row being edited when the current swipe's press came; the press may start editing
    /// another, which a swipe undoes.
    var editingBeforeSwipe: RowID?
    /// Rows whose note caret must be revealed after the next allocation: inside the text
    /// area (N5) and, for the edited note, inside the viewport (N8).
    private var caretsToReveal: Set<RowID> = []
    /// Called after every applied update (saving, state file).
    var onUpdate: (() -> Void)?
    var onUndoToast: ((TableUpdate.UndoToast) -> Void)?
    /// Called when the selection or selection mode changed (E3), for the window's chrome.
    var onSelectionChanged: (() -> Void)?
    /// An action moved row `id` out of view; the message says where (P4).
    var onMovedOutOfView: ((RowID, String) -> Void)?
    /// A refusal: what to tell the user, and the details for the log.
    var onError: ((_ message: String, _ details: String) -> Void)?
    /// Called when a rich row comes into view with its content not yet requested.
    var onRichRowNeeded: ((RowID) -> Void)?
    private(set) var contextMenu: ContextMenu!
    /// The measurer's layouts of the notes it measured, for the note cells that draw them.
    let keptNoteLayouts: NoteParagraphLayouts?
    /// GTK measures of row cells, once per row per frame, counted as the bench's peers count theirs.
    let widgetMeasures = WidgetMeasureCounter()
    /// The live web views web rows share (H2).
    let webViews = WebViewPool()
    /// Tells a screen reader where a row went after a keyboard move.
    let moveAnnouncer = MoveAnnouncer()

    /// How many measure-and-scroll rounds `scrollToEnd` may take.
    static let maximumEndPasses = 8

    init(model: Table, clock: @escaping () -> Double, keptNoteLayouts: NoteParagraphLayouts? = nil) {
        self.model = model
        self.clock = clock
        self.keptNoteLayouts = keptNoteLayouts
        view = TableView(controller: self)
        animator = SwipeAnimator(host: view.widget)
        animator.onChange = { [weak self] in self?.view.setNeedsLayout() }
        contextMenu = ContextMenu(controller: self)
        attachScrolling()
        // Before the other keys: Escape cancels a row drag first.
        attachRowMoveKeys()
        attachKeyboard()
        attachSelectionKeys()
        attachRowDrag()
        attachTableClicks()
        attachWebRows()
    }

    /// Set when the window is going away: its widgets are being destroyed, and the signals
    /// they send on the way (focus leaving, a popover closing) must not touch them again.
    private(set) var isClosed = false

    /// The window is closing: from now on nothing is laid out, focused or revealed.
    func close() {
        isClosed = true
        webViews.close()
    }

    /// What is still moving, by name: a swipe's offsets, a scroll's glide, rows sliding to
    /// their new places. Empty when nothing moves (one term of the state file's `settled`).
    var runningAnimations: [String] {
        [("swipe", animator.isAnimating), ("scroll", view.scrolling.isMoving), ("slide", view.presentation.isAnimating)]
            .compactMap { name, running in running ? name : nil }
    }

    // MARK: Applying updates

    /// Runs a model call that may throw, reporting a rejection instead of crashing; the
    /// model is unchanged when it throws. Returns whether the call was applied.
    @discardableResult
    func perform(_ body: () throws(TableError) -> TableUpdate) -> Bool {
        do {
            apply(try body())
            return true
        } catch {
            report(error)
            return false
        }
    }

    /// Like `perform`, for a change the user asked for in one step (expand, open, an action,
    /// undo, content arriving): the rows slide to their new places instead of jumping there.
    /// Typing is not animated: a note growing line by line moves the rows below at once, as
    /// UIKit's self-sizing cells do, so text never waits for an animation.
    func performAnimated(_ body: () throws(TableError) -> TableUpdate) {
        view.captureForAnimation()
        if !perform(body) { view.presentation.dropCapture() }
    }

    /// Tells the user, in their words, why something was refused; the log gets the details.
    func report(_ error: TableError) {
        onError?(RefusalWording.text(for: error, in: model), error.description)
    }

    /// Applies an update and lays out again (positions come from the model's corrected
    /// scroll offset).
    func apply(_ update: TableUpdate) {
        record(update)
        releaseFocus(fromDeleted: update.layout.deleted)
        view.setNeedsLayout()
    }

    /// A deleted row's cell goes back to the pool at the next layout. If it held the keyboard
    /// focus, the table takes the focus now: kept, the focus would move unseen to whichever
    /// row the cell shows next, and the model would not know.
    ///
    /// - Complexity: O(d) for d deleted rows.
    private func releaseFocus(fromDeleted deleted: some Collection<RowID>) {
        guard deleted.contains(where: { view.cell(for: $0)?.holdsKeyboardFocus == true }) else { return }
        gtk_widget_grab_focus(view.widget.widget)
    }

    /// Takes in everything an update says, without asking for a layout (the view calls this
    /// during its own allocation): rows to bind again, swipe offsets, carets, toasts.
    func record(_ update: TableUpdate) {
        guard !isClosed else { return }
        recordSelection(update)
        for id in update.layout.deleted {
            animator.forget(id)
            view.presentation.forget(id)
        }
        view.markStale(by: update)
        for change in update.swipe.offsets {
            let current = view.cell(for: change.row)?.swipeOffset ?? change.offset
            animator.apply(change, current: current)
        }
        if let id = update.scrollCaretIntoView { caretsToReveal.insert(id) }
        if let toast = update.undoToast { onUndoToast?(toast) }
        // A row that could not be measured or a history step that could not be applied.
        for problem in update.problems { onError?(RowProblemWording.text(for: problem, in: model), problem.description) }
        onUpdate?()
    }

    /// The rows whose cells stay while scrolled away: the edited note, so keystrokes always
    /// reach it (N9), and the focused row, so no action loses the focus (N10).
    var rowsKeepingCells: [RowID] {
        [model.editingRow, model.focusedRow].compactMap { $0 }
    }

    /// Measures the rows that keep their cells, if scrolled away unmeasured (a resize), so
    /// their cells get exact heights too.
    func measureRowsKeepingCells() {
        let unmeasured = rowsKeepingCells.filter { !model.geometry.isMeasured($0) }
        guard !unmeasured.isEmpty else { return }
        do {
            record(try model.measure(unmeasured))
        } catch {
            report(error)
        }
    }

    /// The displayed swipe offset of a row: the spring's while animating, else the model's.
    func swipeOffset(of id: RowID) -> Double {
        animator.displayedOffset(of: id, target: model.swipeOffset(for: id))
    }

    // MARK: Called by the view during allocation

    /// Rows measured at the first width to seed the per-kind estimates (W3): at most this
    /// many, and at most half of a small table.
    static let estimateSampleSize = 1024

    func widthChanged(to width: Double) {
        let isFirstWidth = model.width == 0
        do {
            record(try model.setWidth(width))
        } catch {
            report(error)
            return
        }
        if isFirstWidth { record(model.measureSample(of: min(Self.estimateSampleSize, model.count / 2))) }
        if isFirstWidth, let (id, offsetInRow) = positionToRestore {
            positionToRestore = nil
            restorePosition(row: id, offsetInRow: offsetInRow)
        }
    }

    /// Where the table was left at the last quit (P1), taken once the rows have a width.
    private var positionToRestore: (RowID, Double)?

    /// Scrolls to row `id`, `offsetInRow` px into it, once the rows first have a width: the
    /// row is measured first, so the offset lands inside it as it was, whatever the estimates
    /// of the rows above (which keep it in place as they are measured, W2).
    func restorePositionAtFirstWidth(row id: RowID, offsetInRow: Double) {
        positionToRestore = (id, offsetInRow)
    }

    /// - Complexity: O(log n) plus measuring row `id`.
    private func restorePosition(row id: RowID, offsetInRow: Double) {
        guard isLive(id) != nil else { return }
        do {
            record(try model.measure([id]))
        } catch {
            report(error)
            return
        }
        guard let top = model.geometry.offset(of: id), let height = model.geometry.height(of: id) else { return }
        let inside = min(max(0, offsetInRow), max(0, height - 1))
        record(model.scroll(toOffset: top + inside))
    }

    func viewportChanged(to height: Double) {
        do {
            record(try model.setViewportHeight(height))
        } catch {
            report(error)
        }
    }

    func cellBound(_ id: RowID) {
        bindCounts[id, default: 0] += 1
        if case .placeholder? = try? model.richState(of: id) { onRichRowNeeded?(id) }
    }

    /// Reveals carets asked for by the last update, once their cells have their new size.
    func revealPendingCarets() {
        guard !caretsToReveal.isEmpty else { return }
        let ids = caretsToReveal
        caretsToReveal = []
        MainLoopSource.idle { [weak self] in
            guard let self, !self.isClosed else { return false }
            for id in ids {
                guard let note = self.view.cell(for: id)?.content as? NoteRowView else { continue }
                note.scrollCaretIntoView()
                if id == self.model.editingRow { self.followCaret(of: id, note: note) }
            }
            self.onUpdate?()
            return false
        }
    }

    /// The table follows the caret (N8): scrolls the least that brings the edited note's caret
    /// line between the sticky header and the viewport's bottom.
    private func followCaret(of id: RowID, note: NoteRowView) {
        guard let rowTop = model.geometry.offset(of: id), let caret = note.caretRectInRow() else { return }
        let offset = model.geometry.scrollOffset
        let top = rowTop + caret.y
        let bottom = top + caret.height
        let stickyHeight = view.stickyHeader?.height ?? 0
        if bottom > offset + model.geometry.viewportHeight {
            scroll(to: bottom - model.geometry.viewportHeight)
        } else if top < offset + stickyHeight {
            scroll(to: top - stickyHeight)
        }
    }

    /// The caret of the edited note moved or its text changed: reveal it after the next layout.
    func caretMoved(in id: RowID) {
        guard id == model.editingRow else { return }
        caretsToReveal.insert(id)
        view.setNeedsLayout()
    }

    // MARK: Intents from row widgets

    /// The row `cell` shows, unless the model no longer has it. A deleted row stays on screen
    /// until the next layout unbinds its cell, so input can still reach it (a second click on
    /// its Delete action, say): that input is dropped, not refused with a message about a row
    /// the user just removed.
    ///
    /// - Complexity: O(1) expected.
    func liveRow(of cell: RowCell) -> RowID? {
        cell.boundID.flatMap(isLive)
    }

    /// `id`, if the model still has that row.
    func isLive(_ id: RowID) -> RowID? { model.geometry.kind(of: id) == nil ? nil : id }

    /// Turns what a row's widgets report into a model call; a row deleted a moment ago reports
    /// nothing (see `liveRow(of:)`).
    func handle(_ intent: RowIntent) {
        guard isLive(intent.row) != nil else { return }
        switch intent {
        case .textChanged(let id, let text):
            perform { () throws(TableError) in try model.setText(text, for: id) }
        case .toggleExpanded(let id):
            performAnimated { () throws(TableError) in try model.toggleExpanded(id) }
        case .toggleOpen(let id):
            performAnimated { () throws(TableError) in try model.toggleOpen(id) }
        case .beganEditing(let id):
            perform { () throws(TableError) in try model.beginEditing(id) }
            // Focus that arrives by Tab leaves the caret where it was: show it (N10).
            caretMoved(in: id)
        case .endedEditing(let id):
            if model.editingRow == id { model.endEditing() }
            onUpdate?()
        case .caretMoved(let id):
            caretMoved(in: id)
        case .performAction(let id, let edge, let index):
            let hadFocus = model.focusedRow == id || view.cell(for: id)?.holdsKeyboardFocus == true
            let neighbour = focusSuccessor(of: id)
            let wasPinned = model.row(id)?.pinned
            performAnimated { () throws(TableError) in try model.performSwipeAction(on: id, edge: edge, index: index) }
            // A deleted row's focus goes on to its neighbour, not to the table (P4).
            if hadFocus, isLive(id) == nil, let neighbour { focus(neighbour) }
            // A pin that moved the row out of view says so, and offers to show it (P4).
            if wasPinned == false, model.row(id)?.pinned == true, !isInView(id), let message = model.row(id).map(ToastWords.pinnedOutOfView) {
                onMovedOutOfView?(id, message)
            }
        }
    }

    /// Whether any of row `id` lies inside the viewport, at its resting place.
    ///
    /// - Complexity: O(log n).
    private func isInView(_ id: RowID) -> Bool {
        let layout = model.geometry
        guard let top = layout.offset(of: id), let height = layout.height(of: id) else { return false }
        return top + height > layout.scrollOffset && top < layout.scrollOffset + layout.viewportHeight
    }

    /// Scrolls row `id` into view and gives it the keyboard focus (a toast's Show).
    func show(_ id: RowID) {
        guard isLive(id) != nil else { return }
        focus(id)
    }

    /// The row that takes the focus if row `id` goes: the next one, or the previous one when
    /// `id` is the last; nil when it is the only row.
    ///
    /// - Complexity: O(log n).
    private func focusSuccessor(of id: RowID) -> RowID? {
        let layout = model.geometry
        guard let index = layout.index(of: id) else { return nil }
        if index + 1 < layout.count { return layout.id(at: index + 1) }
        return index > 0 ? layout.id(at: index - 1) : nil
    }

    // MARK: Scrolling

    /// Scrolls by `delta` px; returns whether the offset moved (false at either end).
    @discardableResult
    func scrollBy(_ delta: Double) -> Bool {
        let before = model.geometry.scrollOffset
        scroll(to: before + delta)
        return model.geometry.scrollOffset != before
    }

    /// Scrolls to a content offset (clamped) on the table's own account (keys, the caret, a
    /// reveal); open swipe actions close (S5).
    func scroll(to offset: Double) {
        view.scrolling.modelWillScroll()
        scrollAsAsked(to: offset)
    }

    /// Scrolls to a content offset (clamped) because GTK moved the adjustment (the scrollbar,
    /// a kinetic glide, a touchscreen pan); open swipe actions close (S5).
    func scrollFollowingGTK(to offset: Double) {
        scrollAsAsked(to: offset)
    }

    /// A scroll the user asked for. What is on screen moves with it, so a change waiting for
    /// its layout to animate learns how far (`PresentationOffsets.scrolled(by:)`).
    private func scrollAsAsked(to offset: Double) {
        let before = model.geometry.scrollOffset
        apply(model.scroll(toOffset: offset))
        view.presentation.scrolled(by: model.geometry.scrollOffset - before)
    }

    /// Scrolls to the very end. Rows measured on the way may turn out taller than their
    /// estimates, which moves the end, so it measures and scrolls again until it holds.
    func scrollToEnd() {
        view.scrolling.modelWillScroll()
        for _ in 0..<Self.maximumEndPasses {
            scrollAsAsked(to: model.geometry.maxScrollOffset)
            record(model.layOutVisibleRows(overscan: TableView.overscan).update)
            if model.geometry.scrollOffset >= model.geometry.maxScrollOffset { return }
        }
    }

    /// Something covers the bottom of the table (a toast): keep that much scrollable space
    /// below the last row.
    func setBottomInset(_ inset: Double) {
        apply(model.setBottomInset(inset))
    }

    func undo() {
        view.captureForAnimation()
        apply(model.undo())
    }

    func redo() {
        view.captureForAnimation()
        apply(model.redo())
    }
}
