import CGtk
import Foundation
import GtkBridge
import TableModel

/// The virtualized table (W1–W5): only rows the model lays out inside the viewport, plus a
/// small overscan, have widgets, taken from a per-kind pool. The view never decides a height
/// or a position: each allocation asks the model for the visible rows and their y, measures
/// the ones the model has no height for (through the model's Pango measurer), and places the
/// cells. The scroll offset is derived from the model's anchor every time, so a change above
/// the viewport never moves what the user is looking at.
///
/// The widget implements GtkScrollable and sits directly in a GtkScrolledWindow, which draws
/// the scrollbar (overlaid or not, as the system says), the overshoot at the ends, and turns
/// kinetic touchpad scrolling, touchscreen panning and the scrollbar into moves of the
/// vertical adjustment. The table itself is never taller than the viewport, and its own
/// allocation sets the adjustment from the model (`ScrollAdjustment`), as GtkListView does.
@MainActor
final class TableView: ScrollableLayout, ContainerDrawing {
    /// Extra height laid out above and below the viewport, so small scrolls find rows ready.
    static let overscan = 120.0
    /// The narrowest the rows may get, and the size the table asks for when nothing constrains it.
    static let minimumRowWidth: Int32 = 120
    static let naturalSize = (width: Int32(480), height: Int32(600))

    private(set) var widget: GObjectRef!
    let controller: TableController
    /// The GtkScrolledWindow around the table: the widget the window shows.
    let scrolledWindow: GObjectRef
    /// The scrolled window's vertical adjustment, kept in step with the model's offset.
    let scrolling = ScrollAdjustment()
    private var pool: RowPool!
    /// The cells showing rows, by row id.
    private(set) var cells: [RowID: RowCell] = [:]
    /// The copy of the current section's header drawn pinned over the rows (W5).
    private(set) var stickyCell: RowCell!
    /// The width of a row's cell, check box included.
    private(set) var rowWidth = 0.0
    /// The width the model lays rows out at: the cell's, less the check box's room in
    /// selection mode (E3), so a row's content is never cut at its trailing edge.
    private(set) var contentWidth = 0.0
    /// Where the rows start: they are centred when the table is wider than they may be (P7).
    private(set) var rowInset: Int32 = 0
    /// The rows placed by the last allocation, in order, with their window-relative y.
    private(set) var placedRows: [VisibleRow] = []
    private(set) var stickyHeader: StickyHeader?
    /// Where the scrollbar's thumb was just dragged, as a fraction of its travel: the next
    /// layout keeps the offset at that fraction of the scroll range (W3); later ones keep the
    /// anchor, while `scrolling` keeps the thumb where it was dropped.
    private var thumbFraction: Double?
    /// Rows whose content or layout changed since their cells were bound: bound again at the
    /// next placement, shown or not yet (DESIGN: no update is dropped).
    private var staleRows: Set<RowID> = []
    /// Every cell must be bound again (the width changed, so every row's layout did).
    private var allCellsStale = false
    /// Called after every allocation, for the automation state file.
    var onLayout: (() -> Void)?
    /// Re-arms layout requests GTK lost.
    private(set) var allocationGuard: AllocationGuard!
    /// True while GTK allocates the table.
    private var isAllocating = false
    /// The placed cells in the order they are drawn while a slide runs (empty otherwise).
    private var cellsInDrawingOrder: [UnsafeMutablePointer<GtkWidget>] = []
    /// Cells are to be bound before the next layout phase (`bindBeforeNextLayout`).
    private var bindingScheduled = false
    /// A layout was asked for during the current pass.
    private var passRequested = false
    /// Where rows are drawn away from their model place while a height change animates.
    private(set) var presentation: PresentationOffsets!

    init(controller: TableController) {
        self.controller = controller
        scrolledWindow = GObjectRef(gtk_scrolled_window_new()!)
        widget = Container.make(cssName: "table-view", role: GTK_ACCESSIBLE_ROLE_LIST, layout: self, scrollable: true)
        widget.setAccessibleLabel(tr("Rows"))
        allocationGuard = AllocationGuard(widget: widget)
        gtk_widget_set_overflow(widget.widget, GTK_OVERFLOW_HIDDEN)
        gtk_widget_set_focusable(widget.widget, 1)
        gtk_widget_set_hexpand(widget.widget, 1)
        gtk_widget_set_vexpand(widget.widget, 1)
        pool = RowPool { [unowned self] kind in self.makeCell(kind) }
        // About a screenful of each kind, styled before the first frame (see `prewarm`).
        for (kind, count) in [(RowKind.note, 10), (.toggle, 12), (.header, 3), (.grid, 2), (.rich, 2)] {
            pool.prewarm(kind, count: count)
        }
        stickyCell = makeCell(.header)
        stickyCell.widget.addCSSClass("sticky")
        // A copy of a header drawn over the rows: the keyboard walks the rows themselves.
        gtk_widget_set_focusable(stickyCell.widget.widget, 0)
        scrolling.onMove = { [weak self] move in self?.adjustmentMoved(move) }
        scrolling.onStill = { [weak self] in self?.setNeedsLayout() }
        // Never scrolled sideways: horizontal touchpad scrolls are the rows' swipes (S2).
        gtk_scrolled_window_set_policy(scrolledWindow(), GTK_POLICY_NEVER, GTK_POLICY_ALWAYS)
        gtk_scrolled_window_set_vadjustment(scrolledWindow(), scrolling.adjustment())
        gtk_scrolled_window_set_child(scrolledWindow(), widget.widget)
        presentation = PresentationOffsets(host: widget)
        rowDrag = RowDragPreview(table: widget)
        // The sticky header is the last child, drawn and picked over every row; cells made
        // later go first (`makeCell`), so it stays last.
        gtk_widget_insert_before(stickyCell.widget.widget, widget.widget, nil)
        presentation.onChange = { [weak self] in self?.setNeedsLayout() }
        if let scrollbar {
            scrollbar.setAccessibleLabel(tr("Scroll the rows"))
            scrolling.watch(scrollbar: scrollbar)
        }
    }

    /// The scrolled window's vertical scrollbar, as GTK draws it.
    var scrollbar: GObjectRef? { GObjectRef(gtk_scrolled_window_get_vscrollbar(scrolledWindow())) }

    /// The vertical adjustment, shared with the scrolled window's scrollbar.
    var adjustment: GObjectRef { scrolling.adjustment }

    private var geometry: LayoutGeometry { controller.model.geometry }
    /// A row to give keyboard focus once its cell is placed.
    private(set) var pendingFocus: RowID?
    /// A row drag's look before the drop (E2).
    private(set) var rowDrag: RowDragPreview!
    /// Whether the pending focus goes into the note's text (`focusAfterLayout(_:editingText:)`).
    private var pendingFocusEditsText = false

    // MARK: Cells

    private func makeCell(_ kind: RowKind) -> RowCell {
        let send: (RowIntent) -> Void = { [weak self] intent in self?.controller.handle(intent) }
        let content: RowContentView =
            switch kind {
            case .note: NoteRowView(send: send, keptLayouts: controller.keptNoteLayouts)
            case .toggle: ToggleRowView(send: send)
            case .grid: GridRowView()
            case .rich: RichRowView()
            case .web: WebRowView(pool: controller.webViews)
            case .header: HeaderRowView()
            }
        let cell = RowCell(kind: kind, content: content, controller: controller)
        // A collapsed note scrolls its text only to follow the caret: the wheel scrolls the table.
        if let note = content as? NoteRowView { note.scroller.stopTakingScrolls() }
        // New cells go first: the sticky header stays the last child, on top (`init`).
        gtk_widget_insert_after(cell.widget.widget, widget.widget, nil)
        controller.attachGestures(to: cell)
        return cell
    }

    /// Every shown note lets go of its drawn text's layouts (the pixel oracle's full redraw).
    func dropDrawingCaches() {
        for cell in cells.values { (cell.content as? NoteRowView)?.preview.dropLayouts() }
    }

    /// The cell showing `id`, if it is on screen.
    func cell(for id: RowID) -> RowCell? { cells[id] }

    func adjustmentChanged(_ adjustment: GObjectRef, orientation: GtkOrientation) {
        if orientation == GTK_ORIENTATION_VERTICAL { scrolling.attach(adjustment) }
        setNeedsLayout()
    }

    /// Number of row cells in existence (shown or pooled, plus the sticky header's), the W1 figure.
    var rowWidgetCount: Int { pool.liveCount + 1 }
    /// The W1 bound on `rowWidgetCount`: idle cells beyond it are destroyed after each layout.
    static let rowWidgetLimit = 40

    /// Records what `update` changed, so the next placement binds those rows' cells again.
    ///
    /// - Complexity: O(rows the update names).
    func markStale(by update: TableUpdate) {
        let changes = update.layout
        if changes.remeasureAll { allCellsStale = true }
        staleRows.formUnion(update.rebind)
        staleRows.formUnion(update.refresh)
        staleRows.formUnion(changes.rebind)
        staleRows.formUnion(changes.inserted)
        staleRows.formUnion(changes.heightChanges.lazy.map(\.id))
    }

    /// Asks for a new layout pass. One asked for during a pass is run in the same allocation
    /// (GTK would drop it: it clears the widget's request when its allocation ends).
    ///
    /// Every ancestor up to the window is allocated again too (nothing is measured again), so
    /// the table is always laid out inside its ancestors' own allocations. A row can ask for
    /// a resize while it is laid out (a bind that shows a widget, a text view that finds its
    /// text taller as it validates it), and that request climbs to the window. GTK clears it
    /// on every ancestor whose allocation is running, and keeps it on one it skipped (same
    /// size, nothing asked): if an ancestor above that one is being allocated for its own
    /// reason (a tooltip shown over the header bar, a toast, a header bar button), the kept
    /// request is cut off from the window: that ancestor is not drawn ("Trying to snapshot
    /// AdwGizmo … without a current allocation"), and later requests stop at it until
    /// something else allocates the window. With no ancestor skipped, nothing is kept
    /// (`test_layout_requests.py`). It also puts the adjustment's configuration inside the
    /// scrolled window's allocation, before its scrollbar's.
    ///
    /// - Complexity: O(depth of the window), a handful of widgets.
    func setNeedsLayout() {
        guard !controller.isClosed else { return }
        if isAllocating {
            passRequested = true
            return
        }
        allocationGuard.requested()
        widget.queueAllocationUpToWindow()
        bindBeforeNextLayout()
    }

    /// Binds the cells the next allocation places in the frame's update phase, before GTK's
    /// layout phase. A bind can resize widgets inside the cell (a label's text, a check box
    /// shown, a style class that changes padding); done inside the table's allocation, that
    /// resize climbs to ancestors GTK has already allocated in this frame, which then draw
    /// without an allocation (GTK warns "Trying to snapshot AdwToastOverlay … without a
    /// current allocation") and move a frame late. Done before the layout phase, the same
    /// resize is laid out in the same frame. The allocation still binds what this could not
    /// foresee (a new size, a row that started sliding in between), as before.
    private func bindBeforeNextLayout() {
        guard !bindingScheduled, rowWidth > 0, gtk_widget_get_realized(widget.widget) != 0 else { return }
        bindingScheduled = true
        widget.addTickCallback { [weak self] _ in
            guard let self else { return false }
            self.bindingScheduled = false
            guard !self.controller.isClosed, !self.isAllocating,
                Double(gtk_widget_get_height(self.widget.widget)) == self.geometry.viewportHeight
            else { return false }
            self.bindCells(self.rowsToPlace(self.layOutRows()))
            return false
        }
    }

    // MARK: ContainerLayout

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        orientation == GTK_ORIENTATION_HORIZONTAL
            ? (Self.minimumRowWidth, Self.naturalSize.width)
            : (0, Self.naturalSize.height)
    }

    /// Runs layout passes until none asks for another (a bounded number, in case of a cycle).
    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        allocationGuard.served()
        isAllocating = true
        defer { isAllocating = false }
        for _ in 0..<Self.maximumPasses {
            passRequested = false
            layOutPass(container, width: width, height: height)
            if !passRequested { break }
        }
        onLayout?()
    }

    /// Passes one allocation may run: a pass can ask for another once (a focus move answered
    /// by the model), so three is a margin, not a loop.
    private static let maximumPasses = 3

    private func layOutPass(_ container: GObjectRef, width: Int32, height: Int32) {
        let newRowWidth = Double(ReadableWidth.rowWidth(forTableWidth: width))
        rowInset = (width - Int32(newRowWidth)) / 2
        let newContentWidth = newRowWidth - Double(controller.model.isSelecting ? SelectionCheck.room : 0)
        if newContentWidth != contentWidth {
            // A reflow (grids, wrapped text) slides the rows to their new places.
            if contentWidth > 0 { captureForAnimation() }
            contentWidth = newContentWidth
            controller.widthChanged(to: newContentWidth)
        }
        rowWidth = newRowWidth
        if Double(height) != geometry.viewportHeight { controller.viewportChanged(to: Double(height)) }
        let visible = layOutRows()
        beginAnimation(shown: visible)
        placeCells(visible, width: Int32(rowWidth))
        scrolling.configure(
            offset: geometry.scrollOffset, maxOffset: geometry.maxScrollOffset, contentHeight: geometry.contentHeight,
            page: geometry.viewportHeight)
        configureHorizontalAdjustment(width: Double(width))
        controller.contextMenu.present()
        controller.revealPendingCarets()
        if let id = pendingFocus, let cell = cells[id] {
            pendingFocus = nil
            if pendingFocusEditsText {
                editTextSoon(of: cell, id: id)
            } else {
                gtk_widget_grab_focus(cell.widget.widget)
            }
            pendingFocusEditsText = false
        }
    }

    /// The rows the viewport and its overscan show, from the model. Rows that come into view
    /// unmeasured are measured now, before anything is drawn; the model corrects the scroll
    /// offset so the anchor row stays put. Asked again with nothing changed, it measures
    /// nothing and gives the same rows.
    ///
    /// - Complexity: O(k log n) for k rows shown, plus measuring the new ones.
    private func layOutRows() -> [VisibleRow] {
        controller.measureRowsKeepingCells()
        let (visible, measured) = controller.model.layOutVisibleRows(overscan: Self.overscan, holdingFraction: thumbFraction)
        thumbFraction = nil
        controller.record(measured)
        return visible
    }

    /// Puts the caret in the note `cell` shows from the main loop, after this allocation:
    /// turning a drawn note into its text view inside the allocation resized the widgets
    /// above the table while GTK allocated them (it warned it snapshotted the toast overlay
    /// without an allocation).
    private func editTextSoon(of cell: RowCell, id: RowID) {
        MainLoopSource.idle { [weak self, weak cell] in
            guard let self, let cell, !self.controller.isClosed, cell.boundID == id,
                  let note = cell.content as? NoteRowView else { return false }
            note.focusText()
            return false
        }
    }

    /// The whole pixels a row covers on screen: its top and its bottom each rounded, so
    /// neighbouring rows share an edge and never overlap or leave a gap.
    static func pixelSpan(top: Double, height: Double, offset: Double) -> (y: Int32, height: Int32) {
        let y = (top - offset).rounded()
        let bottom = (top + height - offset).rounded()
        return (Int32(y), Int32(bottom - y))
    }

    /// The band of a row placed at `y` (its own y) that the viewport shows.
    static func shownBand(ofRowAt y: Int32, viewportHeight: Double) -> Range<Int32> {
        -y..<Int32(viewportHeight.rounded(.up)) - y
    }

    // MARK: Animated height changes

    /// Takes the rows' drawn places before a change that should animate (see
    /// `PresentationOffsets`); the next allocation slides them from there.
    ///
    /// - Complexity: O(k log n) for k shown rows.
    func captureForAnimation() {
        let offset = geometry.scrollOffset
        var drawn: [RowID: PresentationOffsets.DrawnRow] = [:]
        for id in cells.keys {
            guard let top = geometry.offset(of: id), let height = geometry.height(of: id) else { continue }
            drawn[id] = PresentationOffsets.DrawnRow(top: top - offset + drawnShift(of: id), height: height)
        }
        presentation.capture(drawn)
    }

    private func beginAnimation(shown visible: [VisibleRow]) {
        guard presentation.hasCapture else { return }
        let offset = geometry.scrollOffset
        let viewport = 0.0...geometry.viewportHeight
        let shown = visible.filter { viewport.overlaps(($0.y - offset)...($0.y + $0.height - offset)) }
        presentation.begin(shown: shown.map { ($0.id, $0.y - offset) }) { id in
            geometry.placement(of: id).map { PresentationOffsets.DrawnRow(top: $0.y - offset, height: $0.height) }
        }
    }

    /// How far row `id` is drawn from its resting place now: a height change's slide plus a
    /// row drag's (the dragged row under the pointer, the rows making room).
    ///
    /// - Complexity: O(log n).
    func drawnShift(of id: RowID) -> Double {
        presentation.shift(of: id) + rowDrag.shift(of: id, in: geometry)
    }

    /// Rows not laid out at their resting place but drawn inside the viewport on their way
    /// there (pushed below it by an expand, say), so the screen has no gap while they slide.
    ///
    /// - Complexity: O(m log n) for m moving rows.
    private func rowsDrawnOnTheirWay(excluding placedIDs: Set<RowID>) -> [VisibleRow] {
        let offset = geometry.scrollOffset
        return presentation.movingRows.compactMap { id in
            guard !placedIDs.contains(id), let row = geometry.placement(of: id) else { return nil }
            let top = row.y - offset + presentation.shift(of: id)
            return top < geometry.viewportHeight && top + row.height > 0 ? row : nil
        }
    }

    /// Gives row `id` keyboard focus as soon as a layout has placed its cell; with
    /// `editingText`, a note's text view takes it, caret and all (a created note, E1).
    func focusAfterLayout(_ id: RowID, editingText: Bool = false) {
        pendingFocus = id
        pendingFocusEditsText = editingText
        setNeedsLayout()
    }

    /// The rows to place: every visible row, the rows that keep their cells while scrolled
    /// away (the edited and the focused row, N9, N10) and, during a slide, the rows drawn on
    /// their way in; in drawing order.
    ///
    /// - Complexity: O(k log k) for k rows.
    private func rowsToPlace(_ visible: [VisibleRow]) -> [VisibleRow] {
        var placed = visible
        var placedIDs = Set(visible.map(\.id))
        for id in controller.rowsKeepingCells where !placedIDs.contains(id) {
            guard let row = geometry.placement(of: id) else { continue }
            placed.append(row)
            placedIDs.insert(id)
        }
        if presentation.isAnimating {
            for row in rowsDrawnOnTheirWay(excluding: placedIDs) {
                placed.append(row)
                placedIDs.insert(row.id)
            }
            placed.sort(by: presentation.isDrawnUnder)
        }
        return placed
    }

    /// Gives each row of `placed` a cell bound to it, and the sticky header its section's
    /// header; cells of rows no longer placed go back to the pool. A cell is bound when it is
    /// new to its row or its row changed since it was bound, so a second call with nothing
    /// changed binds nothing. Allocates nothing.
    ///
    /// - Complexity: O(k) for k placed rows, plus binding the changed ones.
    private func bindCells(_ placed: [VisibleRow]) {
        let placedIDs = Set(placed.map(\.id))
        for (id, cell) in cells where !placedIDs.contains(id) {
            cells[id] = nil
            pool.recycle(cell)
        }
        for row in placed {
            var cell: RowCell! = cells[row.id]
            var needsBind = allCellsStale || staleRows.contains(row.id)
            if cell == nil {
                cell = pool.dequeue(row.kind).cell
                cells[row.id] = cell
                needsBind = true
            }
            if needsBind, let content = controller.model.row(row.id) {
                cell.bind(content, model: controller.model)
                controller.cellBound(row.id)
            }
        }
        bindStickyHeader()
        pool.trim(toLive: Self.rowWidgetLimit - 1)
        staleRows.removeAll(keepingCapacity: true)
        allCellsStale = false
    }

    /// Places a bound cell for every row `rowsToPlace` gives, at the model's rectangles.
    ///
    /// - Complexity: O(k) for k placed rows, plus binding the changed ones.
    private func placeCells(_ visible: [VisibleRow], width: Int32) {
        let offset = geometry.scrollOffset
        let placed = rowsToPlace(visible)
        bindCells(placed)
        cellsInDrawingOrder = presentation.isAnimating ? placed.compactMap { cells[$0.id]?.widget.widget } : []
        for row in placed {
            guard let cell = cells[row.id] else { continue }
            cell.swipeOffset = controller.swipeOffset(of: row.id)
            let span = Self.pixelSpan(top: row.y + drawnShift(of: row.id), height: row.height, offset: offset)
            let band = Self.shownBand(ofRowAt: span.y, viewportHeight: geometry.viewportHeight)
            cell.content.willShow(band: band)
            cell.widget.allocate(
                x: rowInset, y: span.y, width: width, height: span.height)
            cell.content.show(band: band)
        }
        rowDrag.placeIndicator(geometry, width: width)
        placedRows = visible.map { row in
            var placed = row
            placed.y = row.y - offset
            return placed
        }
        placeStickyHeader(width: width, offset: offset)
    }

    // MARK: ContainerDrawing

    /// Draws the children: while a slide runs, the placed cells first, in the order
    /// `PresentationOffsets.isDrawnUnder` gives, then the others (the sticky header, the drop
    /// indicator) in child order; otherwise every child in child order. Ordering the drawing,
    /// not the children, leaves the widget tree alone during a layout: moving a child queues
    /// a resize of the table, which inside an allocation reached ancestors GTK had already
    /// allocated (GTK 4.8 warned it snapshotted the toast overlay without an allocation).
    ///
    /// - Complexity: O(children).
    func snapshot(_ container: GObjectRef, _ snapshot: OpaquePointer) {
        let ordered = Set(cellsInDrawingOrder)
        for child in cellsInDrawingOrder where gtk_widget_get_parent(child) == container.widget {
            gtk_widget_snapshot_child(container.widget, child, snapshot)
        }
        var child = gtk_widget_get_first_child(container.widget)
        while let current = child {
            if !ordered.contains(current) { gtk_widget_snapshot_child(container.widget, current, snapshot) }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Binds the sticky header to the current section's header (W5) once that header's own
    /// row has scrolled up; hides it otherwise.
    private func bindStickyHeader() {
        stickyHeader = geometry.stickyHeader()
        guard let sticky = stickyHeader, let headerTop = geometry.offset(of: sticky.id), headerTop < geometry.scrollOffset,
            let row = controller.model.row(sticky.id)
        else {
            stickyHeader = nil
            stickyCell.widget.setChildVisible(false)
            return
        }
        if stickyCell.boundID != sticky.id || allCellsStale || staleRows.contains(sticky.id) {
            stickyCell.bind(row, model: controller.model)
        }
        stickyCell.widget.setChildVisible(true)
    }

    /// Pins the sticky header bound by `bindStickyHeader` at the top.
    private func placeStickyHeader(width: Int32, offset: Double) {
        guard let sticky = stickyHeader else { return }
        let span = Self.pixelSpan(top: sticky.y, height: sticky.height, offset: offset)
        stickyCell.widget.allocate(
            x: rowInset, y: span.y, width: width, height: span.height)
    }

    // MARK: Scrolling

    /// The rows are exactly as wide as the table: nothing to scroll sideways.
    private func configureHorizontalAdjustment(width: Double) {
        guard let adjustment = GObjectRef(gtk_scrollable_get_hadjustment(widget())) else { return }
        gtk_adjustment_configure(adjustment(), 0, 0, width, width * 0.1, width * 0.9, width)
    }

    /// GTK moved the vertical adjustment (the scrollbar, a kinetic glide, a touchscreen pan):
    /// the model scrolls, and the next layout derives everything from its anchor.
    private func adjustmentMoved(_ move: ScrollAdjustment.Move) {
        switch move {
        case .by(let delta):
            controller.scrollFollowingGTK(to: geometry.scrollOffset + delta)
        case .toFraction(let fraction):
            controller.scrollFollowingGTK(to: fraction * geometry.maxScrollOffset)
            thumbFraction = fraction
        }
    }

    /// Scrolls the least needed for row `id` to be fully visible (or its top, if taller).
    func scrollToReveal(_ id: RowID) {
        guard let top = geometry.offset(of: id), let height = geometry.height(of: id) else { return }
        let offset = geometry.scrollOffset
        let stickyHeight = stickyHeader?.height ?? 0
        if top < offset + stickyHeight {
            controller.scroll(to: top - stickyHeight)
        } else if top + height > offset + geometry.viewportHeight {
            controller.scroll(to: min(top, top + height - geometry.viewportHeight))
        }
    }

    /// The row drawn under a point in the table's coordinates: during a slide, where it is
    /// drawn (the one on top where two cross), else its resting place.
    ///
    /// - Complexity: O(k) for k placed rows.
    func row(atY y: Double) -> RowID? {
        guard presentation.isAnimating else {
            return placedRows.last { $0.y <= y }.flatMap { $0.y + $0.height > y ? $0.id : nil }
        }
        return placedRows.filter { row in
            let top = row.y + presentation.shift(of: row.id)
            return top <= y && y < top + row.height
        }.max(by: presentation.isDrawnUnder)?.id
    }
}
