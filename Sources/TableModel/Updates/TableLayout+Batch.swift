extension TableLayout {
    /// Applies `batch` as one update (see `BatchUpdate` for its semantics) and returns what
    /// changed. The anchor row keeps its screen position; if it is deleted or moved away,
    /// the anchor passes to the row that takes its place, else to the one before it.
    ///
    /// - Throws: the first problem found; nothing has changed then.
    /// - Complexity: O(b log n) for a batch of b requests.
    public func performBatch(_ batch: BatchUpdate) throws(BatchUpdateError) -> ChangeSet {
        let plan = try validatedPlan(for: batch)
        var context = ScrollContext(self)
        let estimatesBefore = index.estimates.current
        if let anchor, plan.leaving.contains(where: { $0.id == anchor.id }) {
            context.passAnchor(to: replacementAnchor(for: anchor, leaving: plan.leaving.map(\.id)))
        }

        var changes = ChangeSet()
        let moveSources = plan.leaving.dropFirst(batch.deletes.count)
        changes.moved = zip(batch.moves, moveSources)
            .map { ChangeSet.Move(id: $0.id, from: $1.position, to: $0.index) }
            .sorted { $0.to < $1.to }
        // Validated: every row named below exists.
        let oldHeights = batch.heights.map { height(of: $0.id) ?? 0 }

        var movedRows: [RowID: RowRecord] = [:]
        var selectedMoves: Set<RowID> = []
        for leaving in plan.leaving.sorted(by: { $0.position > $1.position }) {
            let row = index.remove(at: leaving.position)
            if leaving.isMove {
                movedRows[leaving.id] = row
                if selection.contains(leaving.position) { selectedMoves.insert(leaving.id) }
            }
            selection.rowsRemoved(leaving.position..<leaving.position + 1)
        }
        var arrivals: [(index: Int, row: RowRecord)] = batch.moves.compactMap { move in movedRows[move.id].map { (move.index, $0) } }
        for (spec, position) in batch.inserts {
            let row = spec.measuredHeight.map {
                RowRecord(id: spec.id.rawValue, kind: spec.kind, state: .measured, units: UInt32(HeightUnits.units($0)))
            } ?? .estimated(id: spec.id.rawValue, kind: spec.kind)
            arrivals.append((position, row))
        }
        arrivals.sort { $0.index < $1.index }
        for arrival in arrivals {
            index.insert(arrival.row, at: arrival.index)
            selection.rowsInserted(at: arrival.index)
            if selectedMoves.contains(RowID(arrival.row.id)) { selection.insert(arrival.index..<arrival.index + 1) }
        }

        for id in batch.reloads + batch.invalidations {
            guard let (leaf, slot) = index.find(id.rawValue) else { continue }
            index.markStale(leaf: leaf, slot: slot)
            journal?.noteHeight(of: id.rawValue)
        }
        for (id, height) in batch.heights {
            guard let (leaf, slot) = index.find(id.rawValue) else { continue }
            index.setHeight(leaf: leaf, slot: slot, state: .measured, units: UInt32(HeightUnits.units(height)))
            journal?.noteHeight(of: id.rawValue)
        }
        if !plan.leaving.isEmpty || !batch.inserts.isEmpty { journal?.noteEverything() }

        restoreScroll(context)
        let summary = finish(estimatesBefore: estimatesBefore)
        changes.deleted = batch.deletes
        changes.inserted = batch.inserts.map(\.row.id)
        changes.rebind = batch.reloads
        changes.remeasure = batch.inserts.filter { $0.row.measuredHeight == nil }.map(\.row.id)
            + batch.reloads + batch.invalidations
        for ((id, _), oldHeight) in zip(batch.heights, oldHeights) {
            let newHeight = height(of: id) ?? 0
            if newHeight != oldHeight {
                changes.heightChanges.append(.init(id: id, oldHeight: oldHeight, newHeight: newHeight))
            }
        }
        changes.estimatesChanged = summary.estimatesChanged
        changes.scrollOffset = summary.scrollOffset
        changes.contentHeight = summary.contentHeight
        return changes
    }

    /// The rows a valid batch removes from their places: its deletes, then its moves, in
    /// request order, with their before-state positions.
    struct BatchPlan {
        var leaving: [(id: RowID, position: Int, isMove: Bool)] = []
    }

    /// Checks every request of `batch` against the current rows; changes nothing.
    ///
    /// - Complexity: O(b log n).
    func validatedPlan(for batch: BatchUpdate) throws(BatchUpdateError) -> BatchPlan {
        var plan = BatchPlan()
        var structural: [RowID: String] = [:]
        var content: [RowID: String] = [:]

        func requireRow(_ id: RowID, _ operation: String) throws(BatchUpdateError) {
            guard index.find(id.rawValue) != nil else { throw .unknownRow(id, operation: operation) }
        }
        func requirePosition(_ id: RowID, _ operation: String) throws(BatchUpdateError) -> Int {
            guard let position = index(of: id) else { throw .unknownRow(id, operation: operation) }
            return position
        }
        func claim(_ id: RowID, _ operation: String, in roles: inout [RowID: String]) throws(BatchUpdateError) {
            if let earlier = roles[id] { throw .conflictingOperations(id, first: earlier, second: operation) }
            roles[id] = operation
        }

        for id in batch.deletes {
            let position = try requirePosition(id, "delete")
            try claim(id, "delete", in: &structural)
            plan.leaving.append((id, position, false))
        }
        for (id, _) in batch.moves {
            let position = try requirePosition(id, "move")
            try claim(id, "move", in: &structural)
            plan.leaving.append((id, position, true))
        }
        for id in batch.reloads {
            try requireRow(id, "reload")
            try claim(id, "reload", in: &content)
        }
        for id in batch.invalidations {
            try requireRow(id, "invalidateHeight")
            try claim(id, "invalidateHeight", in: &content)
        }
        for (id, height) in batch.heights {
            try requireRow(id, "setMeasuredHeight")
            try claim(id, "setMeasuredHeight", in: &content)
            try TableLayout.validate(height, for: id)
        }
        for (id, operation) in content where structural[id] == "delete" {
            throw .conflictingOperations(id, first: "delete", second: operation)
        }

        var insertedIDs = Set<RowID>()
        for (row, _) in batch.inserts {
            guard index.find(row.id.rawValue) == nil, insertedIDs.insert(row.id).inserted else {
                throw .duplicateRow(row.id, operation: "insert")
            }
            if let height = row.measuredHeight { try TableLayout.validate(height, for: row.id) }
        }

        let newCount = count - batch.deletes.count + batch.inserts.count
        var destinations = Set<Int>()
        for (operation, destination) in batch.inserts.map({ ("insert", $0.index) }) + batch.moves.map({ ("move", $0.index) }) {
            guard destination >= 0 && destination < newCount else {
                throw .indexOutOfRange(destination, validRange: 0..<newCount, operation: operation)
            }
            guard destinations.insert(destination).inserted else { throw .duplicateDestination(destination) }
        }
        return plan
    }

    /// Where the anchor goes when its row leaves: the first following row that stays, at the
    /// same screen position; else the nearest preceding one that stays, whose bottom keeps
    /// the screen position of the old anchor's top; nil if no row stays.
    ///
    /// - Complexity: O((number of leaving rows + 1) · log n).
    private func replacementAnchor(for anchor: ScrollAnchor, leaving: [RowID]) -> ScrollAnchor? {
        let leavingSet = Set(leaving.map(\.rawValue))
        guard let start = index(of: anchor.id) else { return nil }
        var next: Int64?
        index.forEachRow(from: start) { row in
            if leavingSet.contains(row.id) { return true }
            next = row.id
            return false
        }
        if let next { return ScrollAnchor(id: RowID(next), offsetInRow: anchor.offsetInRow) }
        for position in stride(from: start - 1, through: 0, by: -1) {
            let row = index.record(at: position)
            if !leavingSet.contains(row.id) {
                let height = HeightUnits.points(index.offsetUnits(ofRow: position + 1) - index.offsetUnits(ofRow: position))
                return ScrollAnchor(id: RowID(row.id), offsetInRow: anchor.offsetInRow + height)
            }
        }
        return nil
    }
}
