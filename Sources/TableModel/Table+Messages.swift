extension Table {
    /// `error` as one sentence for the user (a toast): rows are named by their content,
    /// never by their internal id, and limits in everyday units. Use it rather than the
    /// error's `description`, which is for logs.
    ///
    /// - Complexity: O(1) expected.
    public func userMessage(for error: TableError) -> String {
        func name(_ id: RowID) -> String { rows[id]?.userFacingName ?? "that row" }
        switch error {
        case .unknownRow:
            return "That row is no longer in the table."
        case .wrongKind(let id, let expected, _):
            return Table.sentence("\(name(id)) is not a \(expected.name) row, so this cannot be done to it.")
        case .textTooLarge(let id, let bytes, let limit):
            return Table.sentence("\(name(id)) cannot take \(Table.megabytes(bytes)) of text: a row holds at most \(Table.megabytes(limit)).")
        case .invalidLength(_, let lengthName):
            return "The table cannot be laid out at that \(lengthName); it stays as it was."
        case .nothingToExpand(let id):
            return Table.sentence("\(name(id)) already shows all its text; there is nothing to expand.")
        case .headerHasNoActions:
            return "Section headers have no actions."
        case .unknownAction(let id, _, _):
            return Table.sentence("\(name(id)) has no such action.")
        case .layout:
            return "The table could not make that change; nothing was changed."
        case .unreadableRow:
            return "That row could not be read from the database, so it cannot be changed. It says why in its place."
        case .tooManyRowsToMark(_, let limit):
            return "Flag, Done and Pin work on at most \(Table.groupedDigits(limit)) rows at once; select fewer rows. Nothing was changed."
        case .noRowIDsLeft:
            return "No new row can be added: the table has used up its row numbers."
        }
    }

    /// What an undo toast says a delete did (P4): `Deleted “Groceries: oat milk…”`.
    ///
    /// - Complexity: O(``Row/toastExcerptLength``).
    static func deletedMessage(for row: Row) -> String {
        "Deleted \(row.toastExcerpt)"
    }

    /// `text` with its first letter in upper case.
    static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// A byte count in megabytes with one decimal, such as "10.5 MB".
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + 524_288) / 1_048_576
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
