import TableModel

/// What a row's widgets report to the table: user intents, never decisions.
/// The table turns each into a model call and applies the change set it returns.
enum RowIntent {
    case textChanged(RowID, String)
    case toggleExpanded(RowID)
    case toggleOpen(RowID)
    case beganEditing(RowID)
    case performAction(RowID, actionIndex: Int, leading: Bool)
    case showContextMenu(RowID, x: Double, y: Double)
    /// Tells the table which row was pressed, so a click elsewhere can close an open swipe.
    case pressed(RowID)
}
