import TableModel

/// What the table's toasts say, in the user's language (P5): the model reports what it did
/// (``TableUpdate/UndoToast/Action``), and the words are chosen here.
enum ToastWords {
    /// The undo toast's title: `Deleted “Groceries: oat milk…”`, `12 rows flagged`.
    static func undo(_ action: TableUpdate.UndoToast.Action) -> String {
        switch action {
        case .deleted(let kind, let excerpt):
            return tr("Deleted {row}").filling(["row": name(kind, excerpt: excerpt)])
        case .deletedRows(let count):
            return trn("{count} row deleted", "{count} rows deleted", count)
        case .marked(.flag, true, let count): return trn("{count} row flagged", "{count} rows flagged", count)
        case .marked(.flag, false, let count): return trn("{count} row unflagged", "{count} rows unflagged", count)
        case .marked(.done, true, let count): return trn("{count} row marked done", "{count} rows marked done", count)
        case .marked(.done, false, let count): return trn("{count} row marked not done", "{count} rows marked not done", count)
        case .marked(.pin, true, let count): return trn("{count} row pinned", "{count} rows pinned", count)
        case .marked(.pin, false, let count): return trn("{count} row unpinned", "{count} rows unpinned", count)
        }
    }

    /// What the toast says when a pin moved `row` out of view (P4).
    static func pinnedOutOfView(_ row: Row) -> String {
        tr("Pinned {row} at the top of its section").filling(["row": name(row.kind, excerpt: row.textExcerpt)])
    }

    /// How a toast names a row: the start of its text in quotes, or what it is.
    private static func name(_ kind: RowKind, excerpt: String?) -> String {
        if let excerpt { return tr("“{text}”").filling(["text": excerpt]) }
        switch kind {
        case .header: return tr("an empty section")
        case .note: return tr("an empty note")
        case .toggle: return tr("an empty row")
        case .grid: return tr("a grid")
        case .rich: return tr("a rich card")
        case .web: return tr("a web card")
        }
    }
}
