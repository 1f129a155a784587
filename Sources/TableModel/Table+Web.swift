extension Table {
    /// The width the web row's document is laid out at, at the table's current width.
    ///
    /// - Complexity: O(1).
    public var webContentWidth: Double { metrics.web.contentWidth(forRowWidth: width) }

    /// What the view last measured of the web row `id`, at any width, or nil.
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/wrongKind(_:expected:found:)``.
    /// - Complexity: O(1) expected.
    public func webFit(of id: RowID) throws(TableError) -> WebFit? {
        try webRow(id)
        return arriving.webFits[id]
    }

    /// The view measured the web row's document: `documentHeight` px tall when laid out
    /// `contentWidth` px wide with its text drawn `textScale` times its CSS size (its load
    /// finished, its content resized later, or the text scaling factor changed). At the
    /// current ``webContentWidth`` and ``WebMetrics/textScale`` the row takes the height
    /// through the engine like any measured row, so what the user looks at stays put (H1, H4,
    /// W2); a measurement taken at another width or scale (the window was resized, the text
    /// scaling changed meanwhile) is kept but not used, and the view measures again.
    ///
    /// - Throws: the lookup errors, or ``TableError/invalidLength(_:name:)`` for a length
    ///   that is not finite, a width or scale not above 0 or a negative height; nothing changes then.
    /// - Complexity: O(log n).
    public func webContentMeasured(_ id: RowID, documentHeight: Double, contentWidth: Double, textScale: Double = 1) throws(TableError) -> TableUpdate {
        let row = try webRow(id)
        guard contentWidth.isFinite, contentWidth > 0, contentWidth <= RowLimits.maxViewLength else {
            throw .invalidLength(contentWidth, name: "web content width")
        }
        guard documentHeight.isFinite, documentHeight >= 0 else { throw .invalidLength(documentHeight, name: "web document height") }
        guard textScale.isFinite, textScale > 0 else { throw .invalidLength(textScale, name: "web text scale") }
        let fit = WebFit(contentWidth: contentWidth, documentHeight: documentHeight, textScale: textScale)
        guard arriving.webFits[id] != fit else { return unchangedUpdate() }
        arriving.webFits[id] = fit
        guard metrics.web.rowHeight(for: fit, rowWidth: width) != nil else { return unchangedUpdate() }
        return measureRows([row])
    }

    @discardableResult
    func webRow(_ id: RowID) throws(TableError) -> Row {
        let row = try existingRow(id)
        guard row.kind == .web else { throw .wrongKind(id, expected: .web, found: row.kind) }
        return row
    }
}
