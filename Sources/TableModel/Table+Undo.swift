extension Table {
    /// Whether ``undo()`` would do something.
    ///
    /// - Complexity: O(1).
    public var canUndo: Bool { history.canUndo }

    /// Whether ``redo()`` would do something.
    ///
    /// - Complexity: O(1).
    public var canRedo: Bool { history.canRedo }

    /// Undoes the last step (W4): text bursts, delete, pin, flag, done, expand/collapse,
    /// open/close. With nothing to undo it changes nothing.
    ///
    /// - Complexity: that of the step's intent.
    public func undo() -> TableUpdate {
        guard let edit = history.popUndo() else { return unchangedUpdate() }
        return apply(edit, forward: false)
    }

    /// Redoes the last undone step. With nothing to redo it changes nothing.
    ///
    /// - Complexity: that of the step's intent.
    public func redo() -> TableUpdate {
        guard let edit = history.popRedo() else { return unchangedUpdate() }
        return apply(edit, forward: true)
    }

    /// Applies `edit` forwards (redo) or backwards (undo), then asks the view to rebind the row.
    /// Every row an edit names exists at that point of the history, so the engine accepts it.
    private func apply(_ edit: TableEdit, forward: Bool) -> TableUpdate {
        var update = TableUpdate()
        do throws(TableError) {
            switch edit {
            case .text(let id, let before, let after):
                update = try applyText(forward ? after : before, to: id)
            case .delete(let row, let index, let height):
                update = forward ? try applyDelete(row.id) : try applyInsert(row, at: index, height: height)
            case .pin(let id, let from, let to, let pinned):
                update = try applyPin(forward == pinned, to: id, at: forward ? to : from)
            case .flag(let id):
                update = try applyMark(id) { $0.flagged.toggle() }
            case .done(let id):
                update = try applyMark(id) { $0.done.toggle() }
            case .expand(let id):
                let expanded = try noteContent(id).expanded
                update = try applyExpanded(!expanded, to: id)
            case .open(let id):
                update = try applyToggleOpen(id)
            }
        } catch {
            preconditionFailure("undo history out of step with the table: \(error)")
        }
        if rows[edit.row] != nil && !update.rebind.contains(edit.row) { update.rebind.append(edit.row) }
        return update
    }
}
