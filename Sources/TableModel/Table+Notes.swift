extension Table {
    /// How the note `id` is laid out at the current width (N1, N2); what its widgets bind to.
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/wrongKind(_:expected:found:)``.
    /// - Complexity: O(1) when cached, else O(length of the text).
    public func noteLayout(for id: RowID) throws(TableError) -> NoteLayout {
        let (text, expanded) = try noteContent(id)
        return currentNoteLayout(id, text: text, expanded: expanded)
    }

    /// Where paragraph `paragraph` of the note `id` starts in its text (see ``TableReading``).
    ///
    /// - Complexity: O(paragraph).
    public func noteParagraphTop(_ paragraph: Int, in id: RowID) -> Double? {
        measuring.memo.noteHeights[id]?.top(ofParagraph: paragraph)
    }

    /// The note's layout from its (cached) content height and its marks (N2).
    func currentNoteLayout(_ id: RowID, text: String, expanded: Bool) -> NoteLayout {
        let marked = rows[id].map { RowMarks(of: $0).isAny } ?? false
        return NoteLayout(contentHeight: noteContentHeight(id, text: text), expanded: expanded, marked: marked, metrics: metrics.note)
    }

    /// The user changed a note's text (N4, N7). Only that row is re-measured: an expanded
    /// row grows or shrinks; a collapsed one keeps 64 px and only its button may change.
    /// Typing in one row within a second coalesces into one undo step.
    ///
    /// - Throws: ``TableError/unknownRow(_:)``, ``TableError/wrongKind(_:expected:found:)``,
    ///   ``TableError/textTooLarge(_:bytes:limit:)``; nothing changes then.
    /// - Complexity: O(length of the text + log n) byte work, plus measuring the paragraphs
    ///   the edit changed (not the whole text).
    public func setText(_ text: String, for id: RowID) throws(TableError) -> TableUpdate {
        _ = try writableRow(id)
        let (old, _) = try noteContent(id)
        let bytes = text.utf8.count
        guard bytes <= RowLimits.maxTextBytes else { throw .textTooLarge(id, bytes: bytes, limit: RowLimits.maxTextBytes) }
        guard text != old else { return unchangedUpdate() }
        let update = try applyText(text, to: id)
        history.record(.text(id, before: old, after: text), at: clock())
        return update
    }

    /// Sets the text without recording it, re-measuring only that row, and of it only the
    /// paragraphs the change reaches into. Throws only before it changes anything; measuring
    /// cannot fail (see ``measure(_:)``).
    func applyText(_ text: String, to id: RowID) throws(TableError) -> TableUpdate {
        let (oldText, expanded) = try noteContent(id)
        var row = try writableRow(id)
        let before = currentNoteLayout(id, text: oldText, expanded: expanded)
        row.content = .note(text: text, expanded: expanded)
        rows[id] = row
        noteTextChanged(id, to: text)
        noteChange(id)
        var update = measureRows([row])
        if currentNoteLayout(id, text: text, expanded: expanded) != before { update.refresh.append(id) }
        return update
    }

    /// The user clicked Expand/Collapse (N3) or pressed Enter on the row. Collapsing while
    /// the caret is in the text asks the view to scroll the caret into view (N5).
    ///
    /// - Throws: ``TableError/nothingToExpand(_:)`` when the text fits (there is no button),
    ///   and the lookup errors; nothing changes then.
    /// - Complexity: O(log n) plus measuring the row if its text changed.
    public func toggleExpanded(_ id: RowID) throws(TableError) -> TableUpdate {
        _ = try writableRow(id)
        let (text, expanded) = try noteContent(id)
        guard NoteSizing.canExpand(contentHeight: noteContentHeight(id, text: text)) else { throw .nothingToExpand(id) }
        let update = try applyExpanded(!expanded, to: id)
        history.record(.expand(id), at: clock())
        history.breakCoalescing()
        return update
    }

    /// Expands or collapses without recording it. Throws only before it changes anything.
    func applyExpanded(_ expanded: Bool, to id: RowID) throws(TableError) -> TableUpdate {
        let (text, _) = try noteContent(id)
        var row = try writableRow(id)
        row.content = .note(text: text, expanded: expanded)
        rows[id] = row
        noteChange(id)
        var update = measureRows([row])
        update.refresh.append(id)
        if !expanded && editingRow == id { update.scrollCaretIntoView = id }
        return update
    }

    /// The user put the caret in a row's text: open swipe actions close (S5).
    ///
    /// - Throws: ``TableError/unknownRow(_:)``, ``TableError/wrongKind(_:expected:found:)``.
    /// - Complexity: O(open rows).
    public func beginEditing(_ id: RowID) throws(TableError) -> TableUpdate {
        _ = try noteContent(id)
        focus.editingRow = id
        history.breakCoalescing()
        var update = TableUpdate()
        // Only open rows close: a press that focuses the text may be the start of a swipe.
        if swipe.isAnyRowOpen { update.swipe = swipe.closeAll() }
        return update
    }

    /// Editing ended: Done, Escape or focus moved away (N6).
    ///
    /// - Complexity: O(1).
    public func endEditing() {
        focus.editingRow = nil
        history.breakCoalescing()
    }

    func noteContent(_ id: RowID) throws(TableError) -> (text: String, expanded: Bool) {
        let row = try existingRow(id)
        guard case .note(let text, let expanded) = row.content else { throw .wrongKind(id, expected: .note, found: row.kind) }
        return (text, expanded)
    }
}
