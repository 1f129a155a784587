/// A set of changes applied together by `TableLayout.performBatch(_:)`, in the spirit of
/// `performBatchUpdates`. Semantics (UIKit's, with rows named by id):
/// - `delete`, `move` sources, `reload`, `invalidateHeight` and `setMeasuredHeight` name rows
///   that exist *before* the batch;
/// - `insert` and `move` destinations are indices *after* the batch, in `0..<newCount` where
///   `newCount = count - deletes + inserts`.
///
/// A row may be the subject of at most one of delete/move and at most one of
/// reload/invalidateHeight/setMeasuredHeight, and a deleted row of nothing else.
/// Destinations must be distinct. The whole batch is validated before anything changes.
public struct BatchUpdate: Sendable {
    var deletes: [RowID] = []
    var inserts: [(row: RowSpec, index: Int)] = []
    var moves: [(id: RowID, index: Int)] = []
    var reloads: [RowID] = []
    var invalidations: [RowID] = []
    var heights: [(id: RowID, height: Double)] = []

    /// An empty batch.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// Whether the batch asks for nothing.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool {
        deletes.isEmpty && inserts.isEmpty && moves.isEmpty && reloads.isEmpty
            && invalidations.isEmpty && heights.isEmpty
    }

    /// Removes the row `id`.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func delete(_ id: RowID) { deletes.append(id) }

    /// Inserts `row` so that it ends up at `index` after the batch.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func insert(_ row: RowSpec, at index: Int) { inserts.append((row, index)) }

    /// Moves the row `id` so that it ends up at `index` after the batch; its height is kept.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func move(_ id: RowID, to index: Int) { moves.append((id, index)) }

    /// Rebinds the row `id` to its data and measures it again. It keeps its height meanwhile.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func reload(_ id: RowID) { reloads.append(id) }

    /// Measures the row `id` again without rebinding it. It keeps its height meanwhile.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func invalidateHeight(of id: RowID) { invalidations.append(id) }

    /// Gives the row `id` a new measured height.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func setMeasuredHeight(_ height: Double, for id: RowID) { heights.append((id, height)) }
}
