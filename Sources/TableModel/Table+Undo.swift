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
    /// open/close. With nothing to undo it changes nothing. Should a step ever fail to
    /// apply, the table is left as it was, the step is dropped from the history (so the
    /// next Ctrl+Z goes on with the step before it) and the update reports it in
    /// ``TableUpdate/problems``; it never traps.
    ///
    /// - Complexity: that of the step's intent.
    public func undo() -> TableUpdate {
        guard let edit = history.nextUndo else {
            history.breakCoalescing()
            return unchangedUpdate()
        }
        do throws(TableError) {
            let update = try apply(edit, forward: false)
            _ = history.popUndo()
            return update
        } catch {
            history.discardNextUndo()
            return failedStep(edit, undo: true)
        }
    }

    /// Redoes the last undone step. With nothing to redo it changes nothing; a step that
    /// fails to apply is dropped and reported, as in ``undo()``.
    ///
    /// - Complexity: that of the step's intent.
    public func redo() -> TableUpdate {
        guard let edit = history.nextRedo else {
            history.breakCoalescing()
            return unchangedUpdate()
        }
        do throws(TableError) {
            let update = try apply(edit, forward: true)
            _ = history.popRedo()
            return update
        } catch {
            history.discardNextRedo()
            return failedStep(edit, undo: false)
        }
    }

    /// The update for a step that could not be applied: nothing changed, one problem.
    private func failedStep(_ edit: TableEdit, undo: Bool) -> TableUpdate {
        var update = unchangedUpdate()
        update.problems.append(RowProblem(row: edit.row, kind: .stepDropped(undo: undo)))
        return update
    }

    /// Applies `edit` forwards (redo) or backwards (undo), then asks the view to rebind the
    /// row. Every row an edit names exists at that point of the history, so this succeeds;
    /// if it throws, nothing has changed (each `apply…` step throws only before changing).
    private func apply(_ edit: TableEdit, forward: Bool) throws(TableError) -> TableUpdate {
        var update: TableUpdate
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
        case .deleteRows(let deletion):
            update = forward ? applyBatchDelete(again: deletion) : try applyBatchRestore(deletion)
        case .markRows(let marking):
            update = forward ? pushMarkLayer(marking, covering: marking.ranges) : try popMarkLayer(marking)
        case .group(let edits):
            update = unchangedUpdate()
            for step in forward ? edits : edits.reversed() { update.absorb(try apply(step, forward: forward)) }
        case .create(let row, let index):
            update = forward ? try applyInsert(row, at: index, height: nil) : try applyDelete(row.id)
        case .move(let id, let from, let to):
            update = try applyMove(id, to: forward ? to : from)
        }
        if rows[edit.row] != nil && !update.rebind.contains(edit.row) { update.rebind.append(edit.row) }
        return update
    }
}
