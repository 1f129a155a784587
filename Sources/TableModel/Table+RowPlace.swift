/// Where a row stands in its section, as the user sees it (shown rows only): what a screen
/// reader says after a keyboard move (E2), "3 of 20 in Notes".
public struct RowPlace: Hashable, Sendable {
    /// The row's place among its section's rows, from 1 (the header is not counted).
    public var position: Int
    /// How many rows the section shows, its header not counted.
    public var count: Int
    /// The section's title, or nil for rows above the first header.
    public var section: String?
}

extension Table {
    /// Where row `id` stands among the shown rows of its section, or nil for a header or a
    /// row not shown.
    ///
    /// - Complexity: O(log n), plus reading the section's header.
    public func place(of id: RowID) -> RowPlace? {
        guard let index = layout.index(of: id), layout.kind(of: id) != .header else { return nil }
        let top = sectionTop(forRowAt: index, in: layout)
        let headers = layout.index.countOfKind(.header, before: index)
        let end = layout.index.indexOfKind(.header, ordinal: headers) ?? layout.count
        var section: String?
        if top > 0, case .header(let title)? = rows[layout.id(at: top - 1)]?.content { section = title }
        return RowPlace(position: index - top + 1, count: end - top, section: section)
    }
}
