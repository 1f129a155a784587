extension TableLayout {
    /// The rows to show: those overlapping the viewport extended by `overscan` px above and
    /// below (at least the row at the top), in order, each with its content-coordinate y,
    /// height and height state. Empty only when the table is.
    ///
    /// - Complexity: O(log n + k) for k rows returned.
    public func visibleRows(overscan: Double = 0) -> [VisibleRow] {
        let margin = overscan.isFinite ? max(0, overscan) : 0
        let top = max(0, scrollOffset - margin)
        let bottom = scrollOffset + viewportHeight + margin
        guard let first = index.row(atOffset: HeightUnits.unitsRoundingDown(top)) else {
            return []
        }
        var rows: [VisibleRow] = []
        var y = first.top
        var position = first.index
        index.forEachRow(from: first.index) { row in
            let height = row.state.hasHeightOfRecord ? Int64(row.units) : index.estimates.units(for: row.kind)
            let rowTop = HeightUnits.points(y)
            if !rows.isEmpty && rowTop >= bottom { return false }
            rows.append(VisibleRow(
                id: RowID(row.id), index: position, kind: row.kind,
                y: rowTop, height: HeightUnits.points(height), heightState: row.state))
            y += height
            position += 1
            return true
        }
        return rows
    }

    /// The section header to pin at the top of the viewport: the last `.header` row at or
    /// before the row covering `scrollOffset`, drawn at the viewport top, or pushed up so its
    /// bottom meets the next header's top. Nil when no header precedes the top row.
    ///
    /// - Complexity: O(log n).
    public func stickyHeader() -> StickyHeader? {
        guard let anchor, let topRow = index(of: anchor.id) else { return nil }
        let headersSoFar = index.countOfKind(.header, before: topRow + 1)
        guard headersSoFar > 0, let headerIndex = index.indexOfKind(.header, ordinal: headersSoFar - 1) else {
            return nil
        }
        let headerHeight = HeightUnits.points(index.offsetUnits(ofRow: headerIndex + 1) - index.offsetUnits(ofRow: headerIndex))
        var y = scrollOffset
        if let nextHeader = index.indexOfKind(.header, ordinal: headersSoFar) {
            y = min(y, HeightUnits.points(index.offsetUnits(ofRow: nextHeader)) - headerHeight)
        }
        return StickyHeader(
            id: RowID(index.record(at: headerIndex).id), index: headerIndex, y: y, height: headerHeight)
    }
}

extension TableLayout {
    /// Where row `id` is laid out, whether or not it is in the viewport; nil if unknown.
    ///
    /// - Complexity: O(log n).
    public func placement(of id: RowID) -> VisibleRow? {
        guard let index = index(of: id), let kind = kind(of: id), let y = offset(of: id), let height = height(of: id),
            let state = heightState(of: id)
        else { return nil }
        return VisibleRow(id: id, index: index, kind: kind, y: y, height: height, heightState: state)
    }
}
