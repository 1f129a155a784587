/// All the geometry the view supplies so the model can compute row heights.
public struct RowMetrics: Hashable, Sendable {
    public var header = HeaderMetrics()
    public var note = NoteMetrics()
    public var grid = GridMetrics()
    public var rich = RichMetrics()
    public var web = WebMetrics()
    public var unreadable = UnreadableRowMetrics()

    /// - Complexity: O(1).
    public init() {}
}
