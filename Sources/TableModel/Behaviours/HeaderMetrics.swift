/// The geometry of a section header, supplied by the view; defaults for tests.
public struct HeaderMetrics: Hashable, Sendable {
    public var paddingTop: Double = 12
    public var paddingBottom: Double = 6
    public var paddingX: Double = 12
    public var font = FontDescription(family: "Sans", size: 15, weight: .bold)

    /// - Complexity: O(1).
    public init() {}
}
