/// Where a row's laid-out height comes from.
public enum RowHeightState: UInt8, Sendable, CaseIterable {
    /// Never measured: the row counts at its kind's current estimate.
    case estimated = 0
    /// Measured at the current width: the height is exact.
    case measured = 1
    /// Measured earlier, then invalidated (content or width changed). The row keeps its
    /// last height until it is measured again, so nothing moves in the meantime.
    case stale = 2

    /// Whether the row has a height of its own (measured or stale) rather than the estimate.
    var hasHeightOfRecord: Bool { self != .estimated }
}
