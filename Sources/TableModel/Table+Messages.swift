extension Table {
    /// What an undo toast says a delete did (P4): `Deleted “Groceries: oat milk…”`.
    ///
    /// - Complexity: O(``Row/toastExcerptLength``).
    static func deletedMessage(for row: Row) -> String {
        "Deleted \(row.toastExcerpt)"
    }
}
