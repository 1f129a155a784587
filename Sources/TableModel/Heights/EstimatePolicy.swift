/// How the height of a not-yet-measured row is estimated, per `RowKind`.
public enum EstimatePolicy: Sendable, Equatable {
    /// The mean height of the kind's rows that have a height of their own (measured or
    /// stale), updated on every measurement; `initial` until the first one arrives.
    case learned(initial: Double)
    /// Always this height.
    case fixed(Double)

    /// The height used for a kind before anything of it is measured: 44 px, the classic row.
    public static let defaultInitialHeight: Double = 44

    /// The default: learn, starting from `defaultInitialHeight`.
    public static let standard = EstimatePolicy.learned(initial: defaultInitialHeight)
}
