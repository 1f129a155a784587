import TableModel

/// A row store whose read failures come worded in the user's language (``UnreadableRowWording``).
final class WordedRowSource: RowContentSource {
    private let store: any RowContentSource

    init(_ store: any RowContentSource) {
        self.store = store
    }

    /// - Complexity: the store's, plus O(length of a failure's message).
    func content(of id: RowID) -> Result<Row, RowReadFailure> {
        store.content(of: id).mapError(UnreadableRowWording.worded)
    }
}
