extension HeightIndex {
    /// Replaces the height state of the row in `slot` of `leaf`; kind and id stay.
    /// `units` is ignored for `.estimated`.
    ///
    /// - Complexity: O(log n · branchCapacity).
    mutating func setHeight(leaf: Int32, slot: Int, state: RowHeightState, units newUnits: UInt32) {
        let old = record(leaf: leaf, slot: slot)
        let new = RowRecord(id: old.id, kind: old.kind, state: state, units: newUnits)
        guard new != old else { return }
        write(new, leaf: leaf, slot: slot)
        estimates.replace(old.state.hasHeightOfRecord ? old.units : nil,
                          with: new.state.hasHeightOfRecord ? new.units : nil, kind: old.kind)
        propagate(HeightSummary(new) - HeightSummary(old), fromLeaf: leaf, slot: slot)
    }

    /// Sets row `index`'s height as measured.
    ///
    /// - Complexity: O(log n · branchCapacity).
    mutating func setMeasuredHeight(_ units: UInt32, at index: Int) {
        let (leaf, slot) = locate(index: index)
        setHeight(leaf: leaf, slot: slot, state: .measured, units: units)
    }

    /// Forgets row `index`'s height: it counts at its kind's estimate again.
    ///
    /// - Complexity: O(log n · branchCapacity).
    mutating func markEstimated(at index: Int) {
        let (leaf, slot) = locate(index: index)
        setHeight(leaf: leaf, slot: slot, state: .estimated, units: 0)
    }

    /// Flags a measured row stale: it keeps its height but needs measuring again.
    /// Estimated and stale rows are left as they are.
    ///
    /// - Complexity: O(1); no summary changes.
    mutating func markStale(leaf: Int32, slot: Int) {
        let position = base(of: leaf) + slot
        let row = record(leaf: leaf, slot: slot)
        guard row.state == .measured else { return }
        setFlagsKeepingHeight(
            RowRecord(id: row.id, kind: row.kind, state: .stale, units: row.units).packedFlags, at: position)
    }

    /// Flags every measured row stale (the width changed). Heights, summaries and
    /// estimates stay as they are.
    ///
    /// - Complexity: O(n), one byte per row.
    mutating func markAllStale() {
        let measured = RowHeightState.measured.rawValue << RowRecord.stateShift
        let stale = RowHeightState.stale.rawValue << RowRecord.stateShift
        for leaf in 0..<leafCounts.count {
            let start = leaf * leafCapacity
            for position in start..<start + Int(leafCounts[leaf])
            where flags[position] & ~RowRecord.kindMask == measured {
                setFlagsKeepingHeight(flags[position] & RowRecord.kindMask | stale, at: position)
            }
        }
    }

    /// Changes how `kind` is estimated. Only the estimate changes; no node is touched.
    ///
    /// - Complexity: O(1).
    mutating func setEstimatePolicy(_ policy: EstimatePolicy, for kind: RowKind) {
        estimates.setPolicy(policy, for: kind)
    }
}
