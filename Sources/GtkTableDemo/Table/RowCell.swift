import BenchSupport
import CGtk
import GtkBridge
import TableModel

/// A reusable row widget: the kind-specific content, and behind it the leading and trailing
/// swipe action strips. The content slides by the model's swipe offset; the strip on the side
/// it uncovers fills the gap (S1). Positive offsets uncover the left edge.
///
/// A row that could not be read shows its message (`UnreadableRowNotice`) instead of its
/// content, and no actions.
///
/// Invariant: `boundID` is the row the cell shows; cells in the pool have none. The content
/// is child-visible exactly when the notice is hidden.
@MainActor
final class RowCell: ContainerLayout {
    let kind: RowKind
    private(set) var widget: GObjectRef!
    let content: RowContentView
    let leftStrip = ActionStrip(side: .left)
    let rightStrip = ActionStrip(side: .right)
    private var notice: UnreadableRowNotice!
    /// The check box shown in selection mode (E3).
    private(set) var selectionCheck: SelectionCheck!
    /// The grip a row is dragged by to move it (E2), over the content's leading padding;
    /// shown on hover and focus (style.css). Headers have none.
    let dragHandle: GObjectRef
    /// How wide the drag handle is. With its inset it fills the content's leading padding
    /// (12 px, `NoteMetrics.paddingLeading`) and no more: a click on a note's text area, even
    /// left of its first glyph, places the caret and never grabs the handle.
    static let dragHandleWidth: Int32 = 8
    /// The handle sits this far in from the leading edge, clear of the flag stripe (style.css);
    /// a press on the stripe grabs the handle too.
    static let dragHandleInset: Int32 = 4
    private(set) var boundID: RowID?
    /// The content's horizontal displacement in px (the revealed width, signed).
    var swipeOffset: Double = 0 {
        didSet { if swipeOffset != oldValue { gtk_widget_queue_allocate(widget.widget) } }
    }

    private unowned let controller: TableController
    /// The frame in which GTK last measured this cell's height (for `widgetMeasures`).
    private var lastMeasuredFrame = -1

    init(kind: RowKind, content: RowContentView, controller: TableController) {
        self.kind = kind
        self.content = content
        self.controller = controller
        dragHandle = GObjectRef(gtk_image_new_from_icon_name("list-drag-handle-symbolic")!)
        widget = Container.make(cssName: "table-row", role: GTK_ACCESSIBLE_ROLE_LIST_ITEM, layout: self)
        widget.addCSSClass(kind.name)
        gtk_widget_set_overflow(widget.widget, GTK_OVERFLOW_HIDDEN)
        // The row itself takes keyboard focus (W4): Up and Down walk rows, Escape lands here.
        gtk_widget_set_focusable(widget.widget, 1)
        leftStrip.widget.setParent(widget)
        rightStrip.widget.setParent(widget)
        content.widget.setParent(widget)
        notice = UnreadableRowNotice(parent: widget)
        selectionCheck = SelectionCheck(parent: widget)
        dragHandle.addCSSClass("drag-handle")
        gtk_image_set_pixel_size(dragHandle(), Self.dragHandleWidth)
        dragHandle.setAccessibleLabel(tr("Drag to move the row"))
        dragHandle.setParent(widget)
        // Set here and in `bind`, never in `allocate`: a visibility change there resizes the
        // table's ancestors while GTK allocates them.
        dragHandle.setChildVisible(hasDragHandle)
        widget.setAccessibleHidden(true)
        widget.onIgnoringArgument("state-flags-changed") { [weak self] in self?.redrawChildrenStyledByRowState() }
    }

    /// Queues a draw of each of the row's children. Their look follows the row's state through
    /// CSS (`table-row:focus:focus-visible > note-row` draws the focus ring on the content,
    /// `table-row:focus-within > image.drag-handle` shows the handle), and GTK 4.8 was seen
    /// to keep a child's drawing from before such a change: the soak found the ring still
    /// drawn on a row GTK no longer had focused, and a handle not shown on a row that had
    /// the focus, each gone after a full redraw. GTK redraws a child when it restyles it only
    /// if the child's style differs from the last one it reported for it
    /// (`gtk_css_widget_node_validate`), so a drawing made from a style worked out on demand in
    /// between, which was never reported, can be kept. Not traced to an upstream fix, so it
    /// runs on every GTK: a state change (hover, press, focus) redraws one row's children.
    ///
    /// - Complexity: O(children), a handful.
    private func redrawChildrenStyledByRowState() {
        var child = gtk_widget_get_first_child(widget.widget)
        while let current = child {
            gtk_widget_queue_draw(current)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Whether the drag handle is shown: on a row that can move (not a header, not unreadable).
    var hasDragHandle: Bool { kind != .header && !notice.isShown }

    /// Whether `x` (in the cell) is on the drag handle's strip.
    func isOnDragHandle(x: Double) -> Bool {
        guard hasDragHandle else { return false }
        let width = Double(gtk_widget_get_width(widget.widget))
        let offset = Double(swipeOffset.rounded())
        let strip = Double(Self.dragHandleInset + Self.dragHandleWidth)
        let left = controller.model.layoutDirection == .leftToRight ? offset : width - strip + offset
        return x >= left && x < left + strip
    }

    /// The handle's x: inset from the leading edge of the content, which slides with the swipe.
    private func handleX(width: Int32) -> Int32 {
        let offset = Int32(swipeOffset.rounded())
        return controller.model.layoutDirection == .leftToRight
            ? offset + Self.dragHandleInset : width - Self.dragHandleInset - Self.dragHandleWidth + offset
    }

    /// The room the check box takes from the content in selection mode (E3).
    private var contentInset: Int32 { selectionCheck.isShown ? SelectionCheck.room : 0 }

    /// Shows whether row `id` is selected in `model` (E3): its check box, and its accessible
    /// selected state. Out of selection mode the box is hidden and the content back in place;
    /// a row that cannot be selected (a header that only names a section while filtered)
    /// shows no box either.
    func showSelection(of id: RowID, in model: Table) {
        showSelection(selecting: model.isSelecting && model.isSelectable(id), selected: model.isSelected(id))
    }

    private func showSelection(selecting: Bool, selected: Bool) {
        let wasSelecting = selectionCheck.isShown
        selectionCheck.show(selecting: selecting, selected: selected)
        widget.setCSSClass("selected", selected)
        cgtk_accessible_set_selected(widget.widget, selected ? 1 : 0)
        if wasSelecting != selecting { gtk_widget_queue_allocate(widget.widget) }
    }

    /// The unreadable-row message, when the cell shows it in place of its content.
    var shownNotice: UnreadableRowNotice? { notice.isShown ? notice : nil }

    /// Shows `row`: its content, and its actions on the sides the layout direction gives.
    func bind(_ row: Row, model: any TableReading) {
        boundID = row.id
        content.bind(row, model: model)
        let failure = model.readFailure(of: row.id)
        notice.show(failure)
        content.widget.setChildVisible(failure == nil)
        if dragHandle.isChildVisible != hasDragHandle {
            dragHandle.setChildVisible(hasDragHandle)
        }
        content.widget.setAccessibleHidden(failure != nil)
        widget.setCSSClass("unreadable", failure != nil)
        widget.setAccessibleLabel(failure == nil ? RowCell.accessibleName(of: row) : tr("Unreadable row"))
        widget.setAccessibleHidden(false)
        for mark in ["flagged", "done", "pinned"] { widget.removeCSSClass(mark) }
        if row.flagged { widget.addCSSClass("flagged") }
        if row.done { widget.addCSSClass("done") }
        if row.pinned { widget.addCSSClass("pinned") }
        for strip in [leftStrip, rightStrip] {
            let edge = controller.edge(of: strip.side)
            let actions = (try? model.swipeConfiguration(for: row.id, edge: edge))??.actions ?? []
            let widths = (try? model.swipeActionWidths(for: row.id, edge: edge)) ?? []
            strip.show(actions, widths: widths)
        }
        showSelection(of: row.id, in: controller.model)
    }

    /// Whether GTK's keyboard focus is on the cell or a widget inside it.
    var holdsKeyboardFocus: Bool {
        guard let root = gtk_widget_get_root(widget.widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget.widget || gtk_widget_is_ancestor(focus, widget.widget) != 0
    }

    /// The cell goes back to the pool: assistive technology no longer sees it.
    func unbind() {
        boundID = nil
        widget.setAccessibleHidden(true)
    }

    /// What assistive technology calls the row (W12): its title, or its text's first line.
    static func accessibleName(of row: Row) -> String {
        let name: String
        switch row.content {
        case .header(let title), .toggle(let title, _): name = title
        case .note(let text, _): name = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        case .grid(let chips): name = chips.prefix(3).joined(separator: ", ") + (chips.count > 3 ? "…" : "")
        case .rich: name = tr("Rich content")
        case .web: name = tr("Web content")
        }
        let short = name.count > 80 ? String(name.prefix(80)) + "…" : name
        let marks = RowStyle.marks(of: row)
        let named = short.isEmpty ? emptyName(of: row.kind) : short
        return marks.isEmpty ? named : "\(named), \(marks)"
    }

    /// What assistive technology calls a row with nothing to show: "Empty note".
    private static func emptyName(of kind: RowKind) -> String {
        switch kind {
        case .header: tr("Empty header")
        case .note: tr("Empty note")
        case .toggle: tr("Empty toggle")
        case .grid: tr("Empty grid")
        case .rich: tr("Empty rich content")
        case .web: tr("Empty web content")
        }
    }

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        if orientation == GTK_ORIENTATION_VERTICAL { controller.widgetMeasures.rowMeasured(widget, lastFrame: &lastMeasuredFrame) }
        if notice.isShown { return (0, 0) }  // the model measured the message
        let across = orientation == GTK_ORIENTATION_VERTICAL && forSize >= 0 ? forSize - contentInset : forSize
        let size = content.widget.measure(orientation, forSize: across)
        return (0, size.natural)
    }

    /// A strip the content uncovers gets the gap; a closed one is not child-visible, so GTK
    /// neither allocates, measures nor draws its buttons (they stay in the accessibility tree,
    /// `ActionStrip.setOpen`, S7), and a freshly bound row pays nothing for them.
    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        let offset = Int32(swipeOffset.rounded())
        for (strip, x, stripWidth) in [(leftStrip, 0, max(0, offset)), (rightStrip, width + min(0, offset), max(0, -offset))] {
            strip.setOpen(stripWidth > 0)
            if stripWidth > 0 { strip.widget.allocate(x: x, y: 0, width: stripWidth, height: height) }
        }
        // In selection mode the content gives the check box its room at the leading edge
        // (the model lays rows out that much narrower, so the content fits).
        let rightToLeft = gtk_widget_get_direction(widget.widget) == GTK_TEXT_DIR_RTL
        let slide = rightToLeft ? 0 : contentInset
        if notice.isShown {
            notice.place(in: widget, width: width, height: height)
        } else {
            content.widget.allocate(x: offset + slide, y: 0, width: width - contentInset, height: height)
        }
        selectionCheck.place(in: widget, width: width, height: height)
        if hasDragHandle { dragHandle.allocate(x: handleX(width: width) + (rightToLeft ? -contentInset : contentInset), y: 0, width: Self.dragHandleWidth, height: height) }
    }
}
