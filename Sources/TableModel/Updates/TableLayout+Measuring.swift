extension TableLayout {
    /// Records the measured height of the row `id` (the hot path: a note growing as the
    /// user types). Rows above the viewport keep what is on screen still.
    ///
    /// - Throws: `.unknownRow` or `.invalidHeight`; the layout is then unchanged.
    /// - Complexity: O(log n).
    public func setMeasuredHeight(_ height: Double, for id: RowID) throws(BatchUpdateError) -> ChangeSet {
        try TableLayout.validate(height, for: id)
        guard let (leaf, slot) = index.find(id.rawValue) else {
            throw .unknownRow(id, operation: "setMeasuredHeight")
        }
        let context = ScrollContext(self)
        let estimatesBefore = index.estimates.current
        let oldUnits = index.rowUnits(leaf: leaf, slot: slot)
        index.setHeight(leaf: leaf, slot: slot, state: .measured, units: UInt32(HeightUnits.units(height)))
        let newUnits = index.rowUnits(leaf: leaf, slot: slot)
        journal?.noteHeight(of: id.rawValue)
        restoreScroll(context)
        // Built in one expression (see `ChangeSet`'s stored properties): no copy on the way out.
        return finish(
            estimatesBefore: estimatesBefore,
            heightChanges: oldUnits == newUnits ? HeightChanges() : HeightChanges(ChangeSet.HeightChange(
                id: id, oldHeight: HeightUnits.points(oldUnits), newHeight: HeightUnits.points(newUnits))))
    }

    /// Marks the row `id` as needing a new measurement (its content changed). It keeps its
    /// current height until measured, so nothing moves now.
    ///
    /// - Throws: `.unknownRow`; the layout is then unchanged.
    /// - Complexity: O(1) expected.
    public func invalidateMeasurement(of id: RowID) throws(BatchUpdateError) -> ChangeSet {
        guard let (leaf, slot) = index.find(id.rawValue) else {
            throw .unknownRow(id, operation: "invalidateMeasurement")
        }
        index.markStale(leaf: leaf, slot: slot)
        journal?.noteHeight(of: id.rawValue)
        var changes = finish(estimatesBefore: index.estimates.current)
        changes.remeasure = [id]
        return changes
    }

    /// Marks every measurement stale, for a width change. Rows keep their last heights (and
    /// estimates keep learning from them) until measured again, so the layout and the anchor
    /// stay put; re-measured rows above the anchor are then corrected like any other change.
    ///
    /// - Complexity: O(n), one byte per row.
    public func invalidateAllMeasurements() -> ChangeSet {
        index.markAllStale()
        journal?.noteEverything()
        var changes = finish(estimatesBefore: index.estimates.current)
        changes.remeasureAll = true
        return changes
    }

    /// Sets how rows of `kind` are estimated. Estimated rows above the anchor change height,
    /// so the scroll offset is corrected.
    ///
    /// - Throws: `.invalidEstimate` for a bad fixed or initial height; the layout is then unchanged.
    /// - Complexity: O(log n).
    public func setEstimatePolicy(_ policy: EstimatePolicy, for kind: RowKind) throws(BatchUpdateError) -> ChangeSet {
        try TableLayout.validate(policy, for: kind)
        let context = ScrollContext(self)
        let estimatesBefore = index.estimates.current
        index.setEstimatePolicy(policy, for: kind)
        restoreScroll(context)
        return finish(estimatesBefore: estimatesBefore)
    }

    /// A change set carrying `heightChanges`, the estimate flag, scroll offset and content height.
    func finish(estimatesBefore: SIMD8<Int64>, heightChanges: HeightChanges = HeightChanges()) -> ChangeSet {
        ChangeSet(
            heightChanges: heightChanges, estimatesChanged: estimatesBefore != index.estimates.current,
            scrollOffset: scrollOffset, contentHeight: contentHeight)
    }
}
