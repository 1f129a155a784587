extension Table {
    /// What the view reads to place rows: the shown layout (the matching rows only while a
    /// find filter is on), read-only. Changes go through the intents below and the others.
    ///
    /// - Complexity: O(1).
    public var geometry: LayoutGeometry { LayoutGeometry(layout) }

    /// Keeps `inset` px of scrollable space below the last row, for something that covers
    /// the viewport's bottom (a toast); negative or not finite counts as 0. The row at the top
    /// stays put unless the end must clamp. The whole table keeps the inset under a filter.
    ///
    /// - Complexity: O(log n).
    public func setBottomInset(_ inset: Double) -> TableUpdate {
        if let whole = filtering?.whole { whole.setBottomInset(inset) }
        layout.setBottomInset(inset)
        return unchangedUpdate()
    }

    /// Sets how rows of `kind` are estimated until measured (a placeholder's known height,
    /// say); the row at the top stays put. The whole table takes it too under a filter.
    ///
    /// - Throws: ``TableError/layout(_:)`` for a height that is not finite or outside
    ///   `0...TableLayout.maximumRowHeight`; nothing changes then.
    /// - Complexity: O(log n).
    public func setEstimatePolicy(_ policy: EstimatePolicy, for kind: RowKind) throws(TableError) -> TableUpdate {
        var update = TableUpdate()
        update.layout = try engine { () throws(BatchUpdateError) in try layout.setEstimatePolicy(policy, for: kind) }
        if let whole = filtering?.whole { _ = try? whole.setEstimatePolicy(policy, for: kind) }
        return update
    }
}
