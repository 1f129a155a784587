/// The layout of a table: every row's height (measured, stale or estimated), the learned
/// estimates, the viewport and the scroll anchor. The view reports measurements and
/// scrolling here and applies the `ChangeSet`s it gets back; it never computes a position.
///
/// Rows are addressed by stable `RowID` as well as by index. All heights are in px and are
/// kept at 1/64 px resolution, so totals are exact.
///
/// Invariants: ids are unique; `scrollOffset` is in `0...maxScrollOffset`; `anchor` is nil
/// exactly when the table is empty, otherwise it names the row covering `scrollOffset`.
///
/// Scrolling rules. The anchor (row id, offset inside the row) is the source of truth; the
/// offset is derived from it after every change, clamped, and the anchor re-derived:
/// - changes above the anchor row (measured, grown, inserted, deleted, estimate learned) keep
///   the anchor row at the same screen position;
/// - if the anchor row shrinks past the anchor (collapsed, closed, an expand undone, measured
///   shorter), the anchor clamps into what is left of it: the row's end stays where it was on
///   screen when it was in the viewport (a button pressed there stays under the pointer),
///   else the row's top goes to the viewport's top;
/// - at offset 0 the table stays at the top, so growth and inserts at the top push content down;
/// - at the end the offset is clamped to `maxScrollOffset`;
/// - if the anchor row is deleted or moved away, the row that takes its place inherits the
///   anchor (else the row before it, keeping its screen position);
/// - a width change (`invalidateAllMeasurements()`) keeps every height until re-measured.
///
/// Not thread-safe: use it from one thread (the UI thread).
public final class TableLayout {
    /// The tallest row, 67,108,863 px (2^26 − 1): the largest whole number of px whose
    /// 1/64 px units fit the index's 32-bit per-row height. A note of a million lines fits
    /// (about 17 million px at 17 px a line); taller heights are rejected, and ``Table``
    /// lays such a row out at this height instead, reporting that it is cut off.
    /// Totals stay exact: a million rows at this height sum to about 2^52 units, within a
    /// `Double`'s 53-bit significand.
    public static let maximumRowHeight: Double = 67_108_863

    /// Stored state is exempt from the runtime exclusivity check (`@exclusivity(unchecked)`):
    /// the layout is used from one thread and no method re-enters another while it holds an
    /// access, so the check could never fire; on the hot paths it cost more than the index work.
    @exclusivity(unchecked) var index: HeightIndex
    /// The source of truth for the scroll position; nil when the table is empty.
    @exclusivity(unchecked) public internal(set) var anchor: ScrollAnchor?
    /// The scroll offset derived from `anchor`, clamped to `0...maxScrollOffset`.
    ///
    /// - Complexity: O(1).
    @exclusivity(unchecked) public internal(set) var scrollOffset: Double = 0
    /// Height of the visible area, in px.
    ///
    /// - Complexity: O(1).
    @exclusivity(unchecked) public internal(set) var viewportHeight: Double
    /// Scrollable space below the last row (see ``setBottomInset(_:)``); 0 by default.
    @exclusivity(unchecked) public internal(set) var bottomInset: Double = 0
    /// Where the anchor row was last found (leaf, slot), tried first when restoring the scroll
    /// position; checked against the row's id before use, so it is only ever a hint.
    @exclusivity(unchecked) var anchorHint: (leaf: Int32, slot: Int) = (-1, 0)
    /// The selected rows (E3), by position: every structural change here shifts them, so a
    /// selected row stays selected wherever it goes and a new row starts unselected.
    public internal(set) var selection = RowSelection()
    /// The rows each live batch mark covers (``Table/markLayers``), by the layer's serial:
    /// shifted like ``selection``, except that a moved row keeps its membership.
    var markCoverage: [Int: RowSelection] = [:]
    /// The rows whose heights changed since a filtered layout was prepared from this one
    /// (``Table/filterSource(alsoShowing:)``); nil until the first such snapshot.
    var journal: LayoutJournal?

    /// A layout of `rows`, all estimated unless a `RowSpec` carries a measured height,
    /// scrolled to the top.
    ///
    /// - Throws: `.duplicateRow` for a repeated id, `.invalidHeight` for a bad measured height,
    ///   `.invalidEstimate` for a bad estimate height.
    /// - Complexity: O(n).
    public convenience init(
        rows: [RowSpec], estimate: EstimatePolicy = .standard, viewportHeight: Double = 0
    ) throws(BatchUpdateError) {
        try self.init(
            rows: rows, estimate: estimate, viewportHeight: viewportHeight,
            leafCapacity: HeightIndex.standardLeafCapacity, branchCapacity: HeightIndex.standardBranchCapacity)
    }

    /// As the public initialiser, with the index's node sizes chosen (tests use tiny ones);
    /// `rows` may be computed on access (start-up maps the outline lazily, making no array).
    init<Rows: RandomAccessCollection<RowSpec>>(
        rows: Rows, estimate: EstimatePolicy, viewportHeight: Double,
        leafCapacity: Int, branchCapacity: Int
    ) throws(BatchUpdateError) {
        try TableLayout.validate(estimate, for: .header)
        for row in rows {
            if let height = row.measuredHeight { try TableLayout.validate(height, for: row.id) }
        }
        index = try HeightIndex(
            rows: rows, estimates: HeightEstimates(policy: estimate),
            leafCapacity: leafCapacity, branchCapacity: branchCapacity)
        self.viewportHeight = max(0, viewportHeight.isFinite ? viewportHeight : 0)
        settleScroll(at: 0)
    }

    /// A layout of `records` taken from another layout's index (``PreparedFilter``), scrolled
    /// to the top: their ids are unique and their heights valid already, so neither is
    /// checked again.
    ///
    /// - Complexity: O(n).
    init(recordsFromAnotherIndex records: [RowRecord], estimate: EstimatePolicy, leafCapacity: Int, branchCapacity: Int) {
        do {
            try TableLayout.validate(estimate, for: .header)
            index = try HeightIndex(
                records: records, estimates: HeightEstimates(policy: estimate),
                leafCapacity: leafCapacity, branchCapacity: branchCapacity, idsKnownUnique: true)
        } catch {
            preconditionFailure("rows of a valid layout were refused: \(error)")
        }
        viewportHeight = 0
        settleScroll(at: 0)
    }

    /// Number of rows.
    ///
    /// - Complexity: O(1).
    public var count: Int { index.count }

    /// Total height of all rows: exact for measured and stale rows, estimated for the rest.
    ///
    /// - Complexity: O(1).
    public var contentHeight: Double { HeightUnits.points(index.totalUnits) }

    /// The id of row `position`, which must be in `0..<count` (like an array subscript, an
    /// index outside is a programming error and traps; ``id(ifAnyAt:)`` does not).
    ///
    /// - Complexity: O(log n).
    public func id(at position: Int) -> RowID {
        precondition(position >= 0 && position < count, "TableLayout.id(at:): \(position) is outside 0..<\(count)")
        return RowID(index.record(at: position).id)
    }

    /// The id of row `position`, or nil when `position` is outside `0..<count`.
    ///
    /// - Complexity: O(log n).
    public func id(ifAnyAt position: Int) -> RowID? {
        position >= 0 && position < count ? RowID(index.record(at: position).id) : nil
    }

    /// The index of the row with `id`, or nil if there is none.
    ///
    /// - Complexity: O(log n) expected.
    public func index(of id: RowID) -> Int? {
        index.find(id.rawValue).map { index.position(leaf: $0.leaf, slot: $0.slot).index }
    }

    /// The kind of the row with `id`, or nil if there is none.
    ///
    /// - Complexity: O(1) expected.
    public func kind(of id: RowID) -> RowKind? { record(id)?.kind }

    /// The laid-out height of the row with `id` (its own or its kind's estimate), or nil.
    ///
    /// - Complexity: O(1) expected.
    public func height(of id: RowID) -> Double? {
        index.find(id.rawValue).map { HeightUnits.points(index.rowUnits(leaf: $0.leaf, slot: $0.slot)) }
    }

    /// Where the height of the row with `id` comes from, or nil if there is no such row.
    ///
    /// - Complexity: O(1) expected.
    public func heightState(of id: RowID) -> RowHeightState? { record(id)?.state }

    /// Whether the row with `id` is measured at the current width (false if unknown).
    ///
    /// - Complexity: O(1) expected.
    public func isMeasured(_ id: RowID) -> Bool { heightState(of: id) == .measured }

    /// The top of the row with `id` in content coordinates, or nil.
    ///
    /// - Complexity: O(log n) expected.
    public func offset(of id: RowID) -> Double? {
        index.find(id.rawValue).map { HeightUnits.points(index.position(leaf: $0.leaf, slot: $0.slot).offset) }
    }

    /// The top of row `position` in content coordinates; `position == count` gives
    /// `contentHeight`. A position outside `0...count` is clamped to that range.
    ///
    /// - Complexity: O(log n).
    public func offset(ofRow position: Int) -> Double {
        HeightUnits.points(index.offsetUnits(ofRow: min(max(0, position), count)))
    }

    /// The row covering content offset `y` (clamped to `0...contentHeight`) and how far `y`
    /// is below its top. Zero-height rows are never hit; the end hits the last row. Nil when empty.
    ///
    /// - Complexity: O(log n).
    public func row(atOffset y: Double) -> ScrollAnchor? {
        let clamped = y.isFinite ? min(max(0, y), contentHeight) : 0
        guard let hit = index.row(atOffset: HeightUnits.unitsRoundingDown(clamped)) else {
            return nil
        }
        return ScrollAnchor(
            id: RowID(index.ids[index.base(of: hit.leaf) + hit.slot]), offsetInRow: clamped - HeightUnits.points(hit.top))
    }

    /// The current estimate for rows of `kind`.
    ///
    /// - Complexity: O(1).
    public func estimatedHeight(for kind: RowKind) -> Double { HeightUnits.points(index.estimates.units(for: kind)) }

    /// How rows of `kind` are estimated.
    ///
    /// - Complexity: O(1).
    public func estimatePolicy(for kind: RowKind) -> EstimatePolicy { index.estimates.policy(for: kind) }

    /// Bytes of storage held by the height index (array capacities: leaves, inner nodes, id table).
    ///
    /// - Complexity: O(n / (leafCapacity · branchCapacity)).
    public var heightIndexByteCount: Int { index.byteCount }

    func record(_ id: RowID) -> RowRecord? {
        index.find(id.rawValue).map { index.record(leaf: $0.leaf, slot: $0.slot) }
    }

    /// Checks that `height` is a finite px value in `0...maximumRowHeight`.
    static func validate(_ height: Double, for id: RowID) throws(BatchUpdateError) {
        guard isValid(height) else { throw .invalidHeight(height, id) }
    }

    /// Checks that the policy's height is a finite px value in `0...maximumRowHeight`.
    static func validate(_ policy: EstimatePolicy, for kind: RowKind) throws(BatchUpdateError) {
        switch policy {
        case .fixed(let height), .learned(initial: let height):
            guard isValid(height) else { throw .invalidEstimate(height, kind) }
        }
    }

    private static func isValid(_ height: Double) -> Bool {
        height.isFinite && height >= 0 && height <= maximumRowHeight
    }

    /// Walks the whole layout and traps if an invariant is broken.
    ///
    /// - Complexity: O(n).
    func _checkInvariants() {
        index._checkInvariants()
        precondition(scrollOffset >= 0 && scrollOffset <= maxScrollOffset, "layout: scroll offset out of range")
        guard let anchor else {
            precondition(count == 0 && scrollOffset == 0, "layout: no anchor in a non-empty table")
            return
        }
        precondition(row(atOffset: scrollOffset)?.id == anchor.id, "layout: anchor is not the row at the top")
        let derived = (offset(of: anchor.id) ?? .nan) + anchor.offsetInRow
        precondition(abs(derived - scrollOffset) <= 1e-6 * max(1, scrollOffset), "layout: anchor and offset disagree")
    }
}
