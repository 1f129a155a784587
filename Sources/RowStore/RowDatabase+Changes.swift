import SQLiteStore
import TableModel

extension RowDatabase {
    /// Writes `changes` as one transaction: deletes, inserts, moves and batch deletes (a
    /// range of rows marked trashed in one statement, or brought back) in the order they
    /// happened (each writes one row, except for an occasional spread of order keys), then
    /// the content of each changed row, then the mark columns alone of each row where only
    /// marks changed, then the view state if there is one. Rows not named are never written
    /// (W6), and a mark never writes a row's content columns.
    ///
    /// Another process may have changed the file since this one read it: a row it deleted
    /// stays deleted (its content update, mark update or move then writes nothing), and a
    /// missing neighbour only makes a placement fall back to the other neighbour.
    ///
    /// - Throws: ``SQLiteError``; the transaction is then rolled back and the file is as before.
    /// - Complexity: O(k log n) for k rows touched, plus O(w log n) for a spread of w rows.
    public func apply(_ changes: RowChanges) throws(SQLiteError) {
        guard !changes.isEmpty else { return }
        let removed = Set(changes.placements.compactMap { placement -> RowID? in
            if case .removed(let id) = placement { return id }
            return nil
        })
        // A row inserted and then deleted in bulk before this write still goes in (trashed
        // with its batch), so the batch's range ends are in the file.
        let trashesLater = changes.placements.contains { if case .trashed = $0 { true } else { false } }
        try connection.transaction { () throws(SQLiteError) in
            for placement in changes.placements {
                switch placement {
                case .removed(let id):
                    try statement("DELETE FROM rows WHERE id = ?").run([.integer(id.rawValue)])
                case .placed(let id, let after, let before):
                    try place(id, after: after, before: before, content: changes.rows[id],
                              removedLater: removed.contains(id) || trashesLater)
                case .trashed(let batch, let first, let last):
                    try trash(batch: batch, from: first, through: last)
                case .untrashed(let batch):
                    try statement("UPDATE rows SET trashed = NULL WHERE trashed = ?").run([.integer(batch)])
                }
            }
            let update = try statement("UPDATE rows SET (\(RowColumns.names)) = \(RowColumns.parameters(RowColumns.count)) WHERE id = ?")
            for row in changes.rows.values {
                try update.run(RowColumns.values(of: row) + [.integer(row.id.rawValue)])
            }
            let mark = try statement("UPDATE rows SET (flagged, done, pinned) = (?, ?, ?) WHERE id = ?")
            for (id, marks) in changes.marks {
                try mark.run([.bool(marks.flagged), .bool(marks.done), .bool(marks.pinned), .integer(id.rawValue)])
            }
            if let view = changes.view { try write(view) }
        }
    }

    /// Marks the live rows from `first` through `last` (in order) as trashed by `batch`: one
    /// statement for the whole range, in the caller's transaction. A range whose end another
    /// program deleted marks nothing.
    ///
    /// - Complexity: O(k log n) for the k rows in the range.
    private func trash(batch: Int64, from first: RowID, through last: RowID) throws(SQLiteError) {
        guard let low = try key(of: first), let high = try key(of: last) else { return }
        try statement("""
            UPDATE rows SET trashed = ? WHERE trashed IS NULL AND (position, id) >= (?, ?) AND (position, id) <= (?, ?)
            """).run([.integer(batch), .integer(low), .integer(first.rawValue), .integer(high), .integer(last.rawValue)])
    }

    /// The order key of row `id`, or nil when it is not in the file.
    func key(of id: RowID?) throws(SQLiteError) -> Int64? {
        guard let id else { return nil }
        return try statement("SELECT position FROM rows WHERE id = ?").integerResult([.integer(id.rawValue)])
    }

    /// Gives row `id` a key between its neighbours', inserting it if it is new: with
    /// `content`, or with a placeholder when a later change in the same batch deletes it
    /// (`removedLater`). A row not in the file with neither was deleted by another program:
    /// it stays deleted.
    private func place(_ id: RowID, after: RowID?, before: RowID?, content: Row?, removedLater: Bool) throws(SQLiteError) {
        let exists = try key(of: id) != nil
        guard exists || content != nil || removedLater else { return }
        var lower = try key(of: after)
        var upper = try key(of: before)
        var position = OrderKeys.between(lower, upper)
        if position == nil, let anchor = lower ?? upper {
            try spread(around: anchor)
            lower = try key(of: after)
            upper = try key(of: before)
            position = OrderKeys.between(lower, upper)
        }
        // Only neighbours out of order (another writer) get here: share the lower key.
        let chosen = position ?? lower ?? upper ?? OrderKeys.gap
        if exists {
            try statement("UPDATE rows SET position = ? WHERE id = ?").run([.integer(chosen), .integer(id.rawValue)])
        } else {
            let row = content ?? Row(id: id, content: .header(title: ""))
            try statement("INSERT INTO rows (id, position, \(RowColumns.names)) VALUES \(RowColumns.parameters(RowColumns.count + 2))")
                .run([.integer(id.rawValue), .integer(chosen)] + RowColumns.values(of: row))
        }
    }

    /// Re-spaces the keys of a window of rows around `anchor` evenly between the keys just
    /// outside it. The window starts small and grows until the spacing is at least
    /// ``OrderKeys/minimumSpacing``; if it reaches the whole table, the table is renumbered.
    ///
    /// - Complexity: O(w log n) for the w rows re-keyed; amortised O(1) rows per placement.
    func spread(around anchor: Int64) throws(SQLiteError) {
        var reach = 8
        while true {
            let below = try rows("SELECT id, position FROM rows WHERE position <= ? ORDER BY position DESC, id DESC LIMIT ?", anchor, reach + 1)
            let above = try rows("SELECT id, position FROM rows WHERE position > ? ORDER BY position, id LIMIT ?", anchor, reach + 1)
            let lowerBound = below.count > reach ? below[reach].position : nil
            let upperBound = above.count > reach ? above[reach].position : nil
            let window = below.prefix(reach).reversed() + above.prefix(reach)
            let count = Int64(window.count + 1)
            let spacing: Int64
            let start: Int64
            switch (lowerBound, upperBound) {
            case (let low?, let high?):
                spacing = (high - low) / count
                start = low
            case (let low?, nil):
                spacing = OrderKeys.gap
                start = low
            case (nil, let high?):
                spacing = OrderKeys.gap
                start = high - spacing * count
            case (nil, nil):
                spacing = OrderKeys.gap
                start = 0
            }
            let fits = start >= -OrderKeys.limit && start <= OrderKeys.limit - spacing * count
            if spacing >= OrderKeys.minimumSpacing && fits {
                let update = try statement("UPDATE rows SET position = ? WHERE id = ?")
                for (offset, entry) in window.enumerated() {
                    try update.run([.integer(start + spacing * Int64(offset + 1)), .integer(entry.id)])
                }
                return
            }
            if lowerBound == nil && upperBound == nil { return }  // the whole table, and still no room: cannot happen below 2e9 rows
            reach *= 4
        }
    }

    private func rows(_ sql: String, _ anchor: Int64, _ limit: Int) throws(SQLiteError) -> [(id: Int64, position: Int64)] {
        let select = try statement(sql)
        try select.bind([.integer(anchor), .integer(Int64(limit))])
        var found: [(id: Int64, position: Int64)] = []
        while try select.step() { found.append((select.integer(0), OrderKeys.clamped(select.integer(1)))) }
        return found
    }
}
