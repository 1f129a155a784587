/// What an update changed, so the view touches only the affected rows.
/// Row lists are in the order the requests were made, except `moved`, in destination order.
/// All members are stored properties (O(1) to read).
public struct ChangeSet: Sendable, Equatable {
    /// A row that moved: `from` is its index before the update, `to` after it.
    public struct Move: Sendable, Equatable {
        public var id: RowID
        public var from: Int
        public var to: Int
    }

    /// A row whose laid-out height changed because it was given a new measured height.
    public struct HeightChange: Sendable, Equatable {
        public var id: RowID
        public var oldHeight: Double
        public var newHeight: Double
        /// `newHeight - oldHeight`.
        ///
        /// - Complexity: O(1).
        public var delta: Double { newHeight - oldHeight }
    }

    // No stored property has a default value, and every initialiser sets each one once: with
    // defaults, Swift 6.3 builds a change set in a temporary and copies it out (six array
    // retains and releases), which was a third of `setMeasuredHeight`'s instructions.
    public var deleted: [RowID]
    public var inserted: [RowID]
    public var moved: [Move]
    /// Rows whose content changed: bind them to their data again.
    public var rebind: [RowID]
    /// Rows to measure (inserted without a height, reloaded, invalidated).
    public var remeasure: [RowID]
    /// When true every row needs measuring (the width changed); `remeasure` is then empty.
    public var remeasureAll: Bool
    public var heightChanges: HeightChanges
    /// Whether some kind's estimate changed, which moves estimated rows.
    public var estimatesChanged: Bool
    /// How many rows a bulk removal took away (``TableLayout/removeRows(in:)``), which
    /// `deleted` does not list: drop every cell whose row is gone.
    public var removedInBulk: Int
    /// How many rows an undone bulk removal put back, which `inserted` does not list: bind
    /// the rows shown afresh.
    public var restoredInBulk: Int
    /// The scroll offset after the update, corrected so the anchor row did not move on screen.
    public var scrollOffset: Double
    /// The content height after the update.
    public var contentHeight: Double

    /// An empty change set at offset 0 with no content.
    ///
    /// - Complexity: O(1).
    public init() {
        self.init(heightChanges: [], estimatesChanged: false, scrollOffset: 0, contentHeight: 0)
    }

    /// A change set that adds, removes, moves and rebinds nothing: only heights, estimates and
    /// the scroll position changed.
    ///
    /// - Complexity: O(1).
    init(heightChanges: HeightChanges, estimatesChanged: Bool, scrollOffset: Double, contentHeight: Double) {
        deleted = []
        inserted = []
        moved = []
        rebind = []
        remeasure = []
        remeasureAll = false
        removedInBulk = 0
        restoredInBulk = 0
        self.heightChanges = heightChanges
        self.estimatesChanged = estimatesChanged
        self.scrollOffset = scrollOffset
        self.contentHeight = contentHeight
    }
}
