/// A read-only view of the rows the table shows (``Table/geometry``): positions, heights,
/// the viewport and the scroll anchor, as the view reads them to place cells. It cannot
/// change the layout: every change goes through an intent on ``Table``, which answers with
/// the ``TableUpdate`` the view applies.
///
/// It holds the layout shown when it was taken. A find filter going on or off replaces that
/// layout, so read ``Table/geometry`` afresh after such an intent rather than keeping one.
///
/// Each member forwards to the same member of ``TableLayout``, with its complexity; taking
/// one is O(1) and copies nothing.
public struct LayoutGeometry {
    private let layout: TableLayout

    /// A view of `layout`.
    ///
    /// - Complexity: O(1).
    init(_ layout: TableLayout) { self.layout = layout }

    /// Number of rows shown.
    ///
    /// - Complexity: O(1).
    public var count: Int { layout.count }

    /// Total height of the rows shown: exact for measured and stale rows, estimated for the rest.
    ///
    /// - Complexity: O(1).
    public var contentHeight: Double { layout.contentHeight }

    /// The scroll offset, in `0...maxScrollOffset`.
    ///
    /// - Complexity: O(1).
    public var scrollOffset: Double { layout.scrollOffset }

    /// The largest scroll offset: the content's end plus ``bottomInset`` at the viewport's bottom, or 0.
    ///
    /// - Complexity: O(1).
    public var maxScrollOffset: Double { layout.maxScrollOffset }

    /// Height of the visible area, in px.
    ///
    /// - Complexity: O(1).
    public var viewportHeight: Double { layout.viewportHeight }

    /// Scrollable space below the last row (``Table/setBottomInset(_:)``).
    ///
    /// - Complexity: O(1).
    public var bottomInset: Double { layout.bottomInset }

    /// The row at the viewport's top and how far into it the top is; nil exactly when empty.
    ///
    /// - Complexity: O(1).
    public var anchor: ScrollAnchor? { layout.anchor }

    /// The id of row `position`, which must be in `0..<count` (outside it traps).
    ///
    /// - Complexity: O(log n).
    public func id(at position: Int) -> RowID { layout.id(at: position) }

    /// The index of the row with `id`, or nil if it is not shown.
    ///
    /// - Complexity: O(log n) expected.
    public func index(of id: RowID) -> Int? { layout.index(of: id) }

    /// The kind of the row with `id`, or nil if it is not shown.
    ///
    /// - Complexity: O(1) expected.
    public func kind(of id: RowID) -> RowKind? { layout.kind(of: id) }

    /// The laid-out height of the row with `id` (measured, stale or estimated), or nil.
    ///
    /// - Complexity: O(1) expected.
    public func height(of id: RowID) -> Double? { layout.height(of: id) }

    /// Whether the row with `id` is measured at the current width (false if not shown).
    ///
    /// - Complexity: O(1) expected.
    public func isMeasured(_ id: RowID) -> Bool { layout.isMeasured(id) }

    /// The top of the row with `id` in content coordinates, or nil.
    ///
    /// - Complexity: O(log n) expected.
    public func offset(of id: RowID) -> Double? { layout.offset(of: id) }

    /// The top of row `position` (clamped to `0...count`); `count` gives ``contentHeight``.
    ///
    /// - Complexity: O(log n).
    public func offset(ofRow position: Int) -> Double { layout.offset(ofRow: position) }

    /// The row covering content offset `y` (clamped to `0...contentHeight`) and how far `y`
    /// is below its top; nil when empty.
    ///
    /// - Complexity: O(log n).
    public func row(atOffset y: Double) -> ScrollAnchor? { layout.row(atOffset: y) }

    /// Where the row with `id` is laid out, in view or not; nil if it is not shown.
    ///
    /// - Complexity: O(log n).
    public func placement(of id: RowID) -> VisibleRow? { layout.placement(of: id) }

    /// The section header pinned at the viewport's top, or nil.
    ///
    /// - Complexity: O(log n).
    public func stickyHeader() -> StickyHeader? { layout.stickyHeader() }
}
