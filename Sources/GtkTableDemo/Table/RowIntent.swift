import TableModel

/// What a row's widgets report to the table: user intents, never decisions.
/// The controller turns each into a model call and applies the update it returns.
enum RowIntent {
    case textChanged(RowID, String)
    case toggleExpanded(RowID)
    case toggleOpen(RowID)
    case beganEditing(RowID)
    case endedEditing(RowID)
    /// The caret moved or the text changed in the note being edited.
    case caretMoved(RowID)
    case performAction(RowID, edge: SwipeEdge, index: Int)

    /// The row the intent is about.
    var row: RowID {
        switch self {
        case .textChanged(let id, _), .toggleExpanded(let id), .toggleOpen(let id), .beganEditing(let id),
            .endedEditing(let id), .caretMoved(let id), .performAction(let id, _, _):
            id
        }
    }
}
