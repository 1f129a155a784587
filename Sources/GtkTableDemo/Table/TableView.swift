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
final class TableView: ScrollableLayout {
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
    private var stickyCell: RowCell!
    private(set) var rowWidth = 0.0
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
    /// A layout was asked for during the current pass.
    private var passRequested = false
    /// Where rows are drawn away from their model place while a height change animates.
    private(set) var presentation: PresentationOffsets!

    init(controller: TableController) {
        self.controller = controller
        scrolledWindow = GObjectRef(gtk_scrolled_window_new()!)
        widget = Container.make(cssName: "table-view", role: GTK_ACCESSIBLE_ROLE_LIST, layout: self, scrollable: true)
        widget.setAccessibleLabel("Rows")
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
        presentation.onChange = { [weak self] in self?.setNeedsLayout() }
        if let scrollbar {
            scrollbar.setAccessibleLabel("Scroll the rows")
            scrolling.watch(scrollbar: scrollbar)
        }
    }

    /// The scrolled window's vertical scrollbar, as GTK draws it.
    var scrollbar: GObjectRef? { GObjectRef(gtk_scrolled_window_get_vscrollbar(scrolledWindow())) }

    /// The vertical adjustment, shared with the scrolled window's scrollbar.
    var adjustment: GObjectRef { scrolling.adjustment }

    private var layout: TableLayout { controller.model.layout }
    /// A row to give keyboard focus once its cell is placed.
    private(set) var pendingFocus: RowID?

    // MARK: Cells

    private func makeCell(_ kind: RowKind) -> RowCell {
        let send: (RowIntent) -> Void = { [weak self] intent in self?.controller.handle(intent) }
        let content: RowContentView =
            switch kind {
            case .note: NoteRowView(send: send, keptLayouts: controller.keptNoteLayouts)
            case .toggle: ToggleRowView(send: send)
            case .grid: GridRowView()
            case .rich: RichRowView()
            case .header: HeaderRowView()
            }
        let cell = RowCell(kind: kind, content: content, controller: controller)
        // A collapsed note scrolls its text only to follow the caret: the wheel scrolls the table.
        if let note = content as? NoteRowView { note.scroller.stopTakingScrolls() }
        // New cells go first; the sticky header keeps itself last, on top (`placeStickyHeader`).
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
    /// (GTK would drop it: it clears the widget's request when its allocation ends). The
    /// scrolled window is allocated again too (nothing is measured again): the table then
    /// configures the adjustment inside the scrolled window's own allocation, before the
    /// scrollbar is allocated. A table allocated alone would make the scrollbar ask for an
    /// allocation after its parent had given its children theirs ("Trying to snapshot
    /// GtkScrolledWindow without a current allocation").
    func setNeedsLayout() {
        guard !controller.isClosed else { return }
        if isAllocating {
            passRequested = true
            return
        }
        allocationGuard.requested()
        gtk_widget_queue_allocate(widget.widget)
        gtk_widget_queue_allocate(scrolledWindow.widget)
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
        let newRowWidth = Double(max(1, width))
        if newRowWidth != rowWidth {
            // A reflow (grids, wrapped text) slides the rows to their new places.
            if rowWidth > 0 { captureForAnimation() }
            rowWidth = newRowWidth
            controller.widthChanged(to: newRowWidth)
        }
        if Double(height) != layout.viewportHeight { controller.viewportChanged(to: Double(height)) }
        // Rows that come into view unmeasured are measured now, before anything is drawn;
        // the model corrects the scroll offset so the anchor row stays put.
        controller.measureRowsKeepingCells()
        let (visible, measured) = controller.model.layOutVisibleRows(overscan: Self.overscan, holdingFraction: thumbFraction)
        thumbFraction = nil
        controller.record(measured)
        beginAnimation(shown: visible)
        placeCells(visible, width: Int32(rowWidth))
        scrolling.configure(
            offset: layout.scrollOffset, maxOffset: layout.maxScrollOffset, contentHeight: layout.contentHeight,
            page: layout.viewportHeight)
        configureHorizontalAdjustment(width: Double(width))
        controller.contextMenu.present()
        controller.revealPendingCarets()
        if let id = pendingFocus, let cell = cells[id] {
            pendingFocus = nil
            gtk_widget_grab_focus(cell.widget.widget)
        }
    }

    /// The whole pixels a row covers on screen: its top and its bottom each rounded, so
    /// neighbouring rows share an edge and never overlap or leave a gap.
    static func pixelSpan(top: Double, height: Double, offset: Double) -> (y: Int32, height: Int32) {
        let y = (top - offset).rounded()
        let bottom = (top + height - offset).rounded()
        return (Int32(y), Int32(bottom - y))
    }

    // MARK: Animated height changes

    /// Takes the rows' drawn places before a change that should animate (see
    /// `PresentationOffsets`); the next allocation slides them from there.
    ///
    /// - Complexity: O(k log n) for k shown rows.
    func captureForAnimation() {
        let offset = layout.scrollOffset
        var drawn: [RowID: PresentationOffsets.DrawnRow] = [:]
        for id in cells.keys {
            guard let top = layout.offset(of: id), let height = layout.height(of: id) else { continue }
            drawn[id] = PresentationOffsets.DrawnRow(top: top - offset + presentation.shift(of: id), height: height)
        }
        presentation.capture(drawn)
    }

    private func beginAnimation(shown visible: [VisibleRow]) {
        guard presentation.hasCapture else { return }
        let offset = layout.scrollOffset
        let viewport = 0.0...layout.viewportHeight
        let shown = visible.filter { viewport.overlaps(($0.y - offset)...($0.y + $0.height - offset)) }
        presentation.begin(shown: shown.map { ($0.id, $0.y - offset) }) { id in
            layout.placement(of: id).map { PresentationOffsets.DrawnRow(top: $0.y - offset, height: $0.height) }
        }
    }

    /// Rows not laid out at their resting place but drawn inside the viewport on their way
    /// there (pushed below it by an expand, say), so the screen has no gap while they slide.
    ///
    /// - Complexity: O(m log n) for m moving rows.
    private func rowsDrawnOnTheirWay(excluding placedIDs: Set<RowID>) -> [VisibleRow] {
        let offset = layout.scrollOffset
        return presentation.movingRows.compactMap { id in
            guard !placedIDs.contains(id), let row = layout.placement(of: id) else { return nil }
            let top = row.y - offset + presentation.shift(of: id)
            return top < layout.viewportHeight && top + row.height > 0 ? row : nil
        }
    }

    /// Gives row `id` keyboard focus as soon as a layout has placed its cell.
    func focusAfterLayout(_ id: RowID) {
        pendingFocus = id
        setNeedsLayout()
    }

    /// Places a cell for every visible row, and for the rows that keep their cells while
    /// scrolled away (the edited and the focused row, N9, N10), at the model's rectangles.
    /// A cell is bound when it is new to its row or its row changed since it was bound.
    ///
    /// - Complexity: O(k) for k placed rows, plus binding the changed ones.
    private func placeCells(_ visible: [VisibleRow], width: Int32) {
        let offset = layout.scrollOffset
        var placed = visible
        var placedIDs = Set(visible.map(\.id))
        for id in controller.rowsKeepingCells where !placedIDs.contains(id) {
            guard let row = layout.placement(of: id) else { continue }
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
        for (id, cell) in cells where !placedIDs.contains(id) {
            cells[id] = nil
            pool.recycle(cell)
        }
        var previousDrawn: UnsafeMutablePointer<GtkWidget>?
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
            cell.swipeOffset = controller.swipeOffset(of: row.id)
            let span = Self.pixelSpan(top: row.y + presentation.shift(of: row.id), height: row.height, offset: offset)
            let band = -span.y..<Int32(layout.viewportHeight.rounded(.up)) - span.y
            cell.content.willShow(band: band)
            cell.widget.allocate(x: 0, y: span.y, width: width, height: span.height)
            cell.content.show(band: band)
            if presentation.isAnimating { drawAfter(cell, previous: &previousDrawn) }
        }
        placedRows = visible.map { row in
            var placed = row
            placed.y = row.y - offset
            return placed
        }
        placeStickyHeader(width: width, offset: offset)
        pool.trim(toLive: Self.rowWidgetLimit - 1)
        staleRows.removeAll(keepingCapacity: true)
        allCellsStale = false
    }

    /// Makes `cell` the child drawn right after `previous` (the first child when nil), moving
    /// it only when it is not there already.
    private func drawAfter(_ cell: RowCell, previous: inout UnsafeMutablePointer<GtkWidget>?) {
        let child = cell.widget.widget
        if gtk_widget_get_prev_sibling(child) != previous { gtk_widget_insert_after(child, widget.widget, previous) }
        previous = child
    }

    /// Pins the current section's header at the top (W5) once its own row has scrolled up.
    private func placeStickyHeader(width: Int32, offset: Double) {
        stickyHeader = layout.stickyHeader()
        guard let sticky = stickyHeader, let headerTop = layout.offset(of: sticky.id), headerTop < offset,
            let row = controller.model.row(sticky.id)
        else {
            stickyHeader = nil
            gtk_widget_set_child_visible(stickyCell.widget.widget, 0)
            return
        }
        if stickyCell.boundID != sticky.id || allCellsStale || staleRows.contains(sticky.id) {
            stickyCell.bind(row, model: controller.model)
        }
        gtk_widget_set_child_visible(stickyCell.widget.widget, 1)
        // Drawn last, over every row (children draw in order, and cells made after it, or moved
        // to the front for a slide, come before it).
        if gtk_widget_get_next_sibling(stickyCell.widget.widget) != nil {
            gtk_widget_insert_before(stickyCell.widget.widget, widget.widget, nil)
        }
        let span = Self.pixelSpan(top: sticky.y, height: sticky.height, offset: offset)
        stickyCell.widget.allocate(
            x: 0, y: span.y, width: width, height: span.height)
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
            controller.scrollFollowingGTK(to: layout.scrollOffset + delta)
        case .toFraction(let fraction):
            controller.scrollFollowingGTK(to: fraction * layout.maxScrollOffset)
            thumbFraction = fraction
        }
    }

    /// Scrolls the least needed for row `id` to be fully visible (or its top, if taller).
    func scrollToReveal(_ id: RowID) {
        guard let top = layout.offset(of: id), let height = layout.height(of: id) else { return }
        let offset = layout.scrollOffset
        let stickyHeight = stickyHeader?.height ?? 0
        if top < offset + stickyHeight {
            controller.scroll(to: top - stickyHeight)
        } else if top + height > offset + layout.viewportHeight {
            controller.scroll(to: min(top, top + height - layout.viewportHeight))
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
