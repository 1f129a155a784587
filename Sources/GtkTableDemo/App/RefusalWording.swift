import TableModel

/// What a toast says when the table refuses an intent (P5, issue 24: the wording lives in the
/// app, the model only says which refusal it was). Rows are named by their kind and the start
/// of their text, never by their internal id; sizes in megabytes.
enum RefusalWording {
    /// `error` as one sentence in the user's language, naming rows as `model` holds them.
    ///
    /// - Complexity: O(1) expected.
    static func text(for error: TableError, in model: Table) -> String {
        func name(_ id: RowID) -> String { model.row(id).map(rowName) ?? tr("that row") }
        switch error {
        case .unknownRow:
            return tr("That row is no longer in the table.")
        case .wrongKind(let id, let expected, _):
            return sentence(tr("{row} is not a {kind} row, so this cannot be done to it.")
                .filling(["row": name(id), "kind": kindName(expected)]))
        case .textTooLarge(let id, let bytes, let limit):
            return sentence(tr("{row} cannot take {size} of text: a row holds at most {limit}.")
                .filling(["row": name(id), "size": megabytes(bytes), "limit": megabytes(limit)]))
        case .invalidLength(_, let lengthName):
            return tr("The table cannot be laid out at that {length}; it stays as it was.").filling(["length": lengthName])
        case .nothingToExpand(let id):
            return sentence(tr("{row} already shows all its text; there is nothing to expand.").filling(["row": name(id)]))
        case .headerHasNoActions:
            return tr("Section headers have no actions.")
        case .unknownAction(let id, _, _):
            return sentence(tr("{row} has no such action.").filling(["row": name(id)]))
        case .layout:
            return tr("The table could not make that change; nothing was changed.")
        case .unreadableRow:
            return tr("That row could not be read from the database, so it cannot be changed. It says why in its place.")
        case .tooManyRowsToMark(_, let limit):
            return tr("Pin works on at most {limit} rows at once; select fewer rows. Nothing was changed.")
                .filling(["limit": Localization.grouped(limit)])
        case .noRowIDsLeft:
            return tr("No new row can be added: the table has used up its row numbers.")
        }
    }

    /// How a sentence names `row`: `the note “Buy milk”`, `the grid of 30 chips`.
    static func rowName(_ row: Row) -> String {
        let excerpt = row.quotedExcerpt ?? ""
        switch row.content {
        case .header: return tr("the section “{title}”").filling(["title": excerpt])
        case .note: return row.quotedExcerpt == nil ? tr("an empty note") : tr("the note “{text}”").filling(["text": excerpt])
        case .toggle: return tr("the row “{title}”").filling(["title": excerpt])
        case .grid(let chips): return trn("the grid of {count} chip", "the grid of {count} chips", chips.count)
        case .rich: return tr("a rich card")
        case .web: return tr("a web card")
        }
    }

    /// The kind a refused intent needed, as a sentence names it (`note`).
    private static func kindName(_ kind: RowKind) -> String {
        switch kind {
        case .header: tr("header")
        case .note: tr("note")
        case .toggle: tr("toggle")
        case .grid: tr("grid")
        case .rich: tr("rich")
        case .web: tr("web")
        }
    }

    /// A byte count in megabytes with one decimal, such as "10.5 MB" (a decimal comma where
    /// the language writes one).
    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + 524_288) / 1_048_576
        return tr("{whole}.{tenth} MB").filling(["whole": String(tenths / 10), "tenth": String(tenths % 10)])
    }

    /// `text` with its first letter in upper case (a sentence may begin with a row's name).
    static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
