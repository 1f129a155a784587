import BenchSupport
import CGtk
import GtkBridge
import TableModel

/// A reusable row widget: the kind-specific content, and behind it the leading and trailing
/// swipe action strips. The content slides by the model's swipe offset; the strip on the side
/// it uncovers fills the gap (S1). Positive offsets uncover the left edge.
///
/// Invariant: `boundID` is the row the cell shows; cells in the pool have none.
@MainActor
final class RowCell: ContainerLayout {
    let kind: RowKind
    private(set) var widget: GObjectRef!
    let content: RowContentView
    let leftStrip = ActionStrip(side: .left)
    let rightStrip = ActionStrip(side: .right)
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
        widget = Container.make(cssName: "table-row", role: GTK_ACCESSIBLE_ROLE_LIST_ITEM, layout: self)
        widget.addCSSClass(kind.name)
        gtk_widget_set_overflow(widget.widget, GTK_OVERFLOW_HIDDEN)
        // The row itself takes keyboard focus (W4): Up and Down walk rows, Escape lands here.
        gtk_widget_set_focusable(widget.widget, 1)
        leftStrip.widget.setParent(widget)
        rightStrip.widget.setParent(widget)
        content.widget.setParent(widget)
    }

    /// Shows `row`: its content, and its actions on the sides the layout direction gives.
    func bind(_ row: Row, model: Table) {
        boundID = row.id
        content.bind(row, model: model)
        for strip in [leftStrip, rightStrip] {
            let edge = controller.edge(of: strip.side)
            let actions = (try? model.swipeConfiguration(for: row.id, edge: edge))??.actions ?? []
            let widths = (try? model.swipeActionWidths(for: row.id, edge: edge)) ?? []
            strip.show(actions, widths: widths)
        }
    }

    func unbind() { boundID = nil }

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        if orientation == GTK_ORIENTATION_VERTICAL { controller.widgetMeasures.rowMeasured(widget, lastFrame: &lastMeasuredFrame) }
        let size = content.widget.measure(orientation, forSize: forSize)
        return (0, size.natural)
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        let offset = Int32(swipeOffset.rounded())
        leftStrip.widget.allocate(x: 0, y: 0, width: max(0, offset), height: height)
        rightStrip.widget.allocate(x: width + min(0, offset), y: 0, width: max(0, -offset), height: height)
        content.widget.allocate(x: offset, y: 0, width: width, height: height)
    }
}
