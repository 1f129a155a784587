/// The table's single source of truth (DESIGN: one direction of data). It owns the rows'
/// content, the height engine (``TableLayout``), the swipe state, the undo history and the
/// save schedule. The view calls its intent methods and applies the ``TableUpdate`` each
/// returns; it never decides a height or a position.
///
/// Heights are computed here, through the injected ``TextMeasuring``, at the current row
/// ``width`` with the view's ``RowMetrics``, and handed to the engine. Rows start estimated;
/// ``layOutVisibleRows(overscan:)`` measures the ones that come into view.
///
/// Invariants: `rows` and `layout` hold the same ids; a note's cached content height and a
/// grid's cached flow are those at the current width; every public intent either succeeds or
/// throws a ``TableError`` and leaves the table unchanged (rows, layout and history).
///
/// How that holds: each intent validates everything first, and the `apply…` steps it then
/// runs throw only before they change anything. Measuring is total: a row that cannot be
/// measured keeps its estimate and one too tall is cut at ``TableLayout/maximumRowHeight``,
/// each reported in ``TableUpdate/problems``, so no height can make a half-done intent fail.
/// The undo history records a step only after the step has been applied.
///
/// Not thread-safe: use it from one thread (the UI thread).
public final class Table {
    // Its state is in rooms, each a type of its own with its invariants; the intents, in
    // the `Table+…` files by concern, coordinate them and return one ``TableUpdate``.

    // Rows and layout.
    /// The rows shown, in order, with their heights, anchor and viewport: the whole table,
    /// or while a find filter is on (F2), a layout of the matching rows only (``wholeLayout``
    /// keeps the whole table meanwhile). Outside the model it is read through ``geometry``.
    var layout: TableLayout
    /// The find filter, while one is on.
    var filtering: FilterState?
    /// Every row's content, by id: in memory, or read on demand from a store.
    public let rows: RowContents
    /// Rich rows' loading states and web rows' measured documents.
    var arriving = ArrivingContent()
    /// The measurer, the metrics and width rows are laid out with, and what measuring learned.
    var measuring: MeasuringContext
    /// The id the next created row takes: above every id the table was built with and every
    /// id created since, so it never meets a row an undo could bring back. Nil once ids ran out.
    var nextCreatedID: Int64?

    // What the user is doing.
    /// The rows being edited, focused and extended from.
    var focus = RowFocus()
    /// Whether the table is in selection mode (E3): rows show check boxes, a click selects,
    /// and swipes are off.
    public internal(set) var isSelecting = false
    /// Which rows show their actions, the gesture in progress, and the actions' style.
    var swipe: SwipeController

    // Undo and store.
    /// Monotonic seconds: undo coalescing, the save schedule, rich content timeouts.
    let clock: () -> Double
    var history = UndoHistory<TableEdit>()
    /// The live batch marks above the limit (``markSelectionInLayer(_:to:)``).
    var markLayers = MarkLayerStack()
    /// The rows touched since the last save, and when the next is due.
    var store: StoreLink

    /// Builds a table from a loaded file. All rows start estimated, except toggle rows,
    /// whose heights are known without measuring.
    ///
    /// - Parameters:
    ///   - clock: monotonic seconds, for undo coalescing, saving and rich-content timeouts.
    /// - Throws: ``TableError/invalidLength(_:name:)`` for a bad width or viewport height.
    /// - Complexity: O(n log n) for n rows.
    public convenience init(
        file: RowsFile, width: Double, viewportHeight: Double = 0, metrics: RowMetrics = RowMetrics(),
        measurer: any TextMeasuring, clock: @escaping () -> Double = Table.monotonicClock()
    ) throws(TableError) {
        guard RowLimits.isValidViewLength(width) else { throw .invalidLength(width, name: "width") }
        guard RowLimits.isValidViewLength(viewportHeight) else { throw .invalidLength(viewportHeight, name: "viewport height") }
        var rows: [RowID: Row] = [:]
        rows.reserveCapacity(file.rows.count)
        var outline: [RowOutline] = []
        outline.reserveCapacity(file.rows.count)
        for row in file.rows {
            rows[row.id] = row
            var open = false
            if case .toggle(_, let isOpen) = row.content { open = isOpen }
            outline.append(RowOutline(id: row.id, kind: row.kind, toggleOpen: open))
        }
        try self.init(outline: outline, contents: RowContents(rows: rows), fileExtraFields: file.extraFields, width: width,
                      viewportHeight: viewportHeight, metrics: metrics, measurer: measurer, clock: clock)
    }

    /// Builds a table over a store without reading any content: the outline (ids, kinds and
    /// toggle states, in order) is all the height index needs. Content is read from `source`
    /// when a row is laid out, bound or sampled, through a bounded cache.
    ///
    /// - Throws: ``TableError/invalidLength(_:name:)`` for a bad width or viewport height.
    /// - Complexity: O(n log n) for n rows.
    public convenience init(
        outline: [RowOutline], source: any RowContentSource, fileExtraFields: [JSONMember] = [], width: Double,
        viewportHeight: Double = 0, metrics: RowMetrics = RowMetrics(), measurer: any TextMeasuring,
        clock: @escaping () -> Double = Table.monotonicClock()
    ) throws(TableError) {
        try self.init(outline: outline, contents: RowContents(source: source, count: outline.count), fileExtraFields: fileExtraFields,
                      width: width, viewportHeight: viewportHeight, metrics: metrics, measurer: measurer, clock: clock)
    }

    /// Builds a table over a store from a layout built beforehand, perhaps on another
    /// thread (``PreparedLayout``), without reading any content, as
    /// ``init(outline:source:fileExtraFields:width:viewportHeight:metrics:measurer:clock:)``.
    ///
    /// - Throws: ``TableError/invalidLength(_:name:)`` for a bad width or viewport height.
    /// - Complexity: O(1).
    public convenience init(
        prepared: PreparedLayout, source: any RowContentSource, fileExtraFields: [JSONMember] = [], width: Double,
        viewportHeight: Double = 0, metrics: RowMetrics = RowMetrics(), measurer: any TextMeasuring,
        clock: @escaping () -> Double = Table.monotonicClock()
    ) throws(TableError) {
        let layout = prepared.take()
        try self.init(layout: layout, largestID: prepared.largestID, contents: RowContents(source: source, count: layout.count), fileExtraFields: fileExtraFields,
                      width: width, viewportHeight: viewportHeight, metrics: metrics, measurer: measurer, clock: clock)
    }

    private convenience init(
        outline: [RowOutline], contents: RowContents, fileExtraFields: [JSONMember], width: Double, viewportHeight: Double,
        metrics: RowMetrics, measurer: any TextMeasuring, clock: @escaping () -> Double
    ) throws(TableError) {
        let prepared = try PreparedLayout(outline: outline, viewportHeight: viewportHeight)
        try self.init(layout: prepared.take(), largestID: prepared.largestID, contents: contents,
                      fileExtraFields: fileExtraFields,
                      width: width, viewportHeight: viewportHeight, metrics: metrics, measurer: measurer, clock: clock)
    }

    private init(
        layout: TableLayout, largestID: RowID?, contents: RowContents, fileExtraFields: [JSONMember], width: Double, viewportHeight: Double,
        metrics: RowMetrics, measurer: any TextMeasuring, clock: @escaping () -> Double
    ) throws(TableError) {
        guard Size.isValidLength(width) else { throw .invalidLength(width, name: "width") }
        guard Size.isValidLength(viewportHeight) else { throw .invalidLength(viewportHeight, name: "viewport height") }
        if layout.viewportHeight != viewportHeight { layout.setViewportHeight(viewportHeight) }
        self.layout = layout
        rows = contents
        store = StoreLink(fileExtraFields: fileExtraFields, clock: clock)
        measuring = MeasuringContext(measurer: measurer, metrics: metrics, width: width)
        self.clock = clock
        swipe = SwipeController(rowWidth: width)
        if let largest = largestID?.rawValue {
            nextCreatedID = largest < Int64.max ? max(largest + 1, 1) : nil
        } else {
            nextCreatedID = 1
        }
        rows.listedKind = { [weak self] id in self?.wholeLayout.kind(of: id) }
        installMarkLayers()
    }

    /// A clock reading monotonic seconds since the call.
    ///
    /// - Complexity: O(1).
    public static func monotonicClock() -> () -> Double {
        let start = ContinuousClock.now
        return { (ContinuousClock.now - start) / .seconds(1) }
    }

    /// The row with `id`, or nil.
    ///
    /// - Complexity: O(1) expected.
    public func row(_ id: RowID) -> Row? { rows[id] }

    /// The number of rows.
    ///
    /// - Complexity: O(1).
    public var count: Int { layout.count }

    /// The row with `id`, or ``TableError/unknownRow(_:)``.
    func existingRow(_ id: RowID) throws(TableError) -> Row {
        guard let row = rows[id] else { throw .unknownRow(id) }
        return row
    }

    /// Why row `id` could not be read from the store, or nil when its content is real. Such
    /// a row is shown as unreadable, with this message, and no intent writes it.
    ///
    /// - Complexity: O(1) expected; reads the row first when it is not cached.
    public func readFailure(of id: RowID) -> RowReadFailure? {
        guard rows[id] != nil else { return nil }
        return rows.readFailure(of: id)
    }

    /// The row with `id`, which an intent may change: it exists and its content was read.
    /// Every step that writes a row gets it through here, so a placeholder never reaches
    /// the store.
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/unreadableRow(_:_:)``.
    func writableRow(_ id: RowID) throws(TableError) -> Row {
        let row = try existingRow(id)
        if let failure = rows.readFailure(of: id) { throw .unreadableRow(id, failure) }
        return row
    }

    /// Runs an engine call, turning its error into a ``TableError``.
    func engine<Result>(_ body: () throws(BatchUpdateError) -> Result) throws(TableError) -> Result {
        do throws(BatchUpdateError) {
            return try body()
        } catch {
            throw .layout(error)
        }
    }

    /// Records that row `id`'s content changed, for the save schedule and the store.
    func noteChange(_ id: RowID) {
        store.record { $0.content(id) }
    }

    /// Records that only row `id`'s marks (flag, done, pin) changed: the store writes those
    /// columns alone.
    func noteMarksChange(_ id: RowID) {
        store.record { $0.marks(id) }
    }

    /// Records that row `id` was inserted or moved to where it now is.
    ///
    /// - Complexity: O(log n).
    func notePlacement(_ id: RowID) {
        let layout = wholeLayout
        guard let index = layout.index(of: id) else { return }
        let after = index > 0 ? layout.id(at: index - 1) : nil
        let before = index + 1 < layout.count ? layout.id(at: index + 1) : nil
        store.record { $0.placed(id, after: after, before: before) }
    }

    /// Records that row `id` was deleted.
    func noteRemoval(_ id: RowID) {
        store.record { $0.removed(id) }
    }
}
