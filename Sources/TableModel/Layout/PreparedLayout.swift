/// The height index of a table's rows, built from their outline before the table exists,
/// perhaps on another thread: start-up builds it while GTK starts on the main thread, then
/// hands it to ``Table/init(prepared:source:fileExtraFields:width:viewportHeight:metrics:measurer:clock:)``.
/// All rows start estimated, except toggle rows, whose heights are known without measuring.
///
/// Sendable by hand-over: the thread that builds it never touches the layout again, and
/// the layout goes to one table only (``take()`` may be called once).
public final class PreparedLayout: @unchecked Sendable {
    private var layout: TableLayout?

    /// The number of rows.
    public let count: Int
    /// The largest row id in the outline, or nil when it is empty: a created row takes a
    /// larger one (``Table/createNote(after:)``).
    public let largestID: RowID?

    /// - Throws: ``TableError/layout(_:)`` (`.duplicateRow`) when an id occurs twice.
    /// - Complexity: O(n) for n rows.
    public init(outline: [RowOutline], viewportHeight: Double = 0) throws(TableError) {
        // Each row's spec is made as the index reads it: no second array of n rows.
        let specs = outline.lazy.map { row in
            var spec = RowSpec(id: row.id, kind: row.kind)
            if row.kind == .toggle { spec.measuredHeight = ToggleSizing.height(for: row.id, open: row.toggleOpen) }
            return spec
        }
        do throws(BatchUpdateError) {
            layout = try TableLayout(
                rows: specs, estimate: .standard, viewportHeight: viewportHeight,
                leafCapacity: HeightIndex.standardLeafCapacity, branchCapacity: HeightIndex.standardBranchCapacity)
        } catch {
            throw .layout(error)
        }
        count = outline.count
        largestID = outline.lazy.map(\.id).max()
    }

    /// The layout, handed over once.
    func take() -> TableLayout {
        guard let layout else { preconditionFailure("a prepared layout goes to one table only") }
        self.layout = nil
        return layout
    }
}
