import GtkBridge

/// A GTK list widget under comparison, as `PeerWindow` drives it.
@MainActor
protocol PeerList: AnyObject {
    /// The scrollable list, the scrolled window's child.
    var widget: GObjectRef { get }
    var rowCount: Int { get }
    /// Row widgets in existence.
    var liveRowWidgets: Int { get }
    /// Rows that have a widget now, by position.
    var boundRows: [Int: PeerRow] { get }
    /// The text of row `position`.
    func text(at position: Int) -> String
    /// Replaces the text of row `position` through the list's model.
    func setText(_ text: String, at position: Int)
    /// Scrolls so that row `position` is in view, as the widget's own API does.
    func scrollTo(_ position: Int, adjustment: GObjectRef)
}
