/// A row the view should show, positioned in content coordinates.
public struct VisibleRow: Sendable, Equatable {
    public var id: RowID
    public var index: Int
    public var kind: RowKind
    /// Top of the row in content coordinates (0 = top of the first row).
    public var y: Double
    public var height: Double
    /// Whether `height` is measured, stale (measure again) or the kind's estimate.
    public var heightState: RowHeightState

    /// Whether the height is exact at the current width.
    ///
    /// - Complexity: O(1).
    public var isMeasured: Bool { heightState == .measured }
}
