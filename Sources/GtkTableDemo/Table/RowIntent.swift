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
}
