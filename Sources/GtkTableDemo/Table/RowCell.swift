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
    let leftStrip = ActionStrip(isLeading: true)
    let rightStrip = ActionStrip(isLeading: false)
    private(set) var boundID: RowID?
    /// The content's horizontal displacement in px (the revealed width, signed).
    var swipeOffset: Double = 0 {
        didSet { if swipeOffset != oldValue { gtk_widget_queue_allocate(widget.widget) } }
    }

    init(kind: RowKind, content: RowContentView) {
        self.kind = kind
        self.content = content
        widget = Container.make(cssName: "table-row", role: GTK_ACCESSIBLE_ROLE_LIST_ITEM, layout: self)
        widget.addCSSClass(kind.name)
        gtk_widget_set_overflow(widget.widget, GTK_OVERFLOW_HIDDEN)
        leftStrip.widget.setParent(widget)
        rightStrip.widget.setParent(widget)
        content.widget.setParent(widget)
    }

    func bind(_ row: Row, model: Table) {
        boundID = row.id
        content.bind(row, model: model)
    }

    func unbind() { boundID = nil }

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
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
