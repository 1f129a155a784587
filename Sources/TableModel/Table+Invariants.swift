extension Table {
    /// Walks the whole table and traps if an invariant is broken: the rows and the layout
    /// hold the same ids with the same kinds; a filtered layout shows some of them, in order; caches and runtime state name only existing rows
    /// of the right kind; cached note heights match a fresh measurement.
    ///
    /// - Complexity: O(n) plus measuring every cached note.
    func _checkInvariants() {
        let layout = wholeLayout
        layout._checkInvariants()
        precondition(rows.count == layout.count, "table: \(rows.count) rows but \(layout.count) in the layout")
        _checkFilterInvariants()
        layout.index.forEachRow(from: 0) { record in
            let row = rows[RowID(record.id)]
            precondition(row?.kind == record.kind, "table: row \(record.id) missing or of another kind")
            return true
        }
        for (id, cached) in measuring.memo.noteHeights {
            guard case .note(let text, _)? = rows[id]?.content else { preconditionFailure("table: note cache names \(id)") }
            precondition(cached.text == text, "table: note cache of \(id) is for another text")
            let note = metrics.note
            let fresh = measuring.measurer.measure(text, font: note.font, maxWidth: note.textWidth(forRowWidth: width), wrap: .wordChar).height
            let height = cached.total
            precondition(fresh == height || (fresh.isNaN && height.isNaN), "table: stale cached height for note \(id)")
        }
        for id in measuring.memo.gridFlows.keys { precondition(rows[id]?.kind == .grid, "table: grid cache names \(id)") }
        for id in measuring.memo.unmeasurable { precondition(rows[id] != nil, "table: unmeasurable set names \(id)") }
        for id in arriving.richStates.keys { precondition(rows[id]?.kind == .rich, "table: rich state names \(id)") }
        for id in arriving.webFits.keys { precondition(rows[id]?.kind == .web, "table: web fit names \(id)") }
        for id in swipe.offsets.keys { precondition(rows[id] != nil, "table: swipe offset for missing row \(id)") }
        if let editingRow { precondition(rows[editingRow]?.kind == .note, "table: editing a row that is not a note") }
    }
}
