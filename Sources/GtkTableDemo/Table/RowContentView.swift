import GtkBridge
import TableModel

/// The kind-specific part of a row cell: what slides sideways over the swipe actions.
///
/// Invariant: after `bind`, the view shows exactly `row` and nothing of any row it showed
/// before (N7, G5); its geometry comes from the model through the table, never from itself.
@MainActor protocol RowContentView: AnyObject {
    var widget: GObjectRef! { get }
    /// Shows `row`. Called on reuse and when a change set asks for a rebind.
    func bind(_ row: Row, model: any TableReading)
    /// The table is about to place the row so that its viewport shows `band` of this view
    /// (its own y; empty or outside it when none shows). Called before every placement of the
    /// row, so the view can lay itself out for it in that allocation.
    func willShow(band: Range<Int32>)
    /// The table's viewport shows `band` of this view (its own y; empty or outside it when
    /// none shows). Called after every placement of the row.
    func show(band: Range<Int32>)
    /// The cell is about to be destroyed with its widgets: let go of what outlives them.
    func willBeDestroyed()
}

extension RowContentView {
    /// Most rows lay out and draw all they hold, wherever the viewport is.
    func willShow(band: Range<Int32>) {}
    func show(band: Range<Int32>) {}
    /// Most rows hold nothing but their own widgets.
    func willBeDestroyed() {}
}
