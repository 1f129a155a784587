/// A filtered layout (F2) built from a ``FilterSource``, perhaps on another thread: the
/// matching rows, each under its section's header, with the heights the whole table had at the
/// snapshot. ``Table/filter(_:words:)`` adopts it on the main thread, catching it up with the
/// height changes made since (the whole table's ``LayoutJournal``) in O(changes), or building
/// it again there when the rows themselves changed meanwhile.
///
/// Sendable by hand-over: the thread that builds it never touches it again, and the layout
/// goes to one table only (``take()`` may be called once).
public final class PreparedFilter: @unchecked Sendable {
    /// How many rows matched, a header whose own title matched included (one shown only to
    /// name its section is not a match: see ``Table/filterMatchCount``).
    public let matchCount: Int
    let matches: RowMatches
    let extra: Set<RowID>
    let mark: LayoutJournal.Mark
    /// The shown rows' positions in the whole table at the snapshot, ascending.
    let wholePositions: [Int32]
    private var layout: TableLayout?

    /// Leaves scanned between two calls of `isCancelled`.
    static let leavesPerCancelCheck = 256

    /// Scans the snapshot's rows once, in row order, and builds the layout of the rows to show.
    /// Returns nil when `isCancelled` says so first (checked every few thousand rows).
    ///
    /// - Complexity: O(n) for n rows in the whole table (a few loads and a bit test each),
    ///   plus O(m) to build m shown rows.
    public init?(source: FilterSource, matches: RowMatches, isCancelled: () -> Bool = { false }) {
        guard let scan = Self.scan(source.index, matching: matches, extra: source.extra, isCancelled: isCancelled) else { return nil }
        let shown = TableLayout(
            recordsFromAnotherIndex: scan.records, estimate: .standard,
            leafCapacity: source.index.leafCapacity, branchCapacity: source.index.branchCapacity)
        layout = shown
        matchCount = scan.matchCount
        wholePositions = scan.positions
        self.matches = matches
        extra = source.extra
        mark = source.mark
    }

    /// The layout, handed over once.
    func take() -> TableLayout {
        guard let layout else { preconditionFailure("a prepared filter goes to one table only") }
        self.layout = nil
        return layout
    }

    /// The position among the shown rows of the first one at or after whole position `position`,
    /// or nil when none is.
    ///
    /// - Complexity: O(log m).
    func firstShown(atOrAfterWholePosition position: Int) -> Int? {
        var low = 0
        var high = wholePositions.count
        while low < high {
            let middle = (low + high) / 2
            if Int(wholePositions[middle]) < position { low = middle + 1 } else { high = middle }
        }
        return low < wholePositions.count ? low : nil
    }

    /// One pass over the rows, straight from the index's leaves in row order: the rows to show
    /// (each matching row, after its section's header when the header does not match itself)
    /// as the index's records, measured heights kept and every other row estimated, with
    /// their whole positions, and how many matched (a header shown only to name its section
    /// not counted).
    ///
    /// - Complexity: O(n) for n rows, plus O(m) for m shown.
    private static func scan(
        _ index: HeightIndex, matching matches: RowMatches, extra: Set<RowID>, isCancelled: () -> Bool
    ) -> (records: [RowRecord], positions: [Int32], matchCount: Int)? {
        var records: [RowRecord] = []
        var positions: [Int32] = []
        let expected = min(index.count, matches.count + extra.count) * 2 + 16
        records.reserveCapacity(expected)
        positions.reserveCapacity(expected)
        var matchCount = 0
        var pendingHeader: (record: RowRecord, position: Int32)?
        var wholePosition: Int32 = 0
        let header = RowKind.header.rawValue
        let measured = RowHeightState.measured.rawValue
        let checkExtra = !extra.isEmpty
        // A stale height (measured at another width) is not carried over: the row is estimated.
        func record(_ id: Int64, _ flags: UInt8, _ units: UInt32) -> RowRecord {
            let kind = RowKind(rawValue: flags & RowRecord.kindMask) ?? .note
            return flags >> RowRecord.stateShift == measured
                ? RowRecord(id: id, kind: kind, state: .measured, units: units) : RowRecord.estimated(id: id, kind: kind)
        }
        let dense = matches.sparse.isEmpty
        var cancelled = false
        // The arrays are read through buffers: no reference counting or bounds checks per row.
        index.ids.withUnsafeBufferPointer { ids in
            index.flags.withUnsafeBufferPointer { flags in
                index.units.withUnsafeBufferPointer { units in
                    matches.bits.withUnsafeBufferPointer { bits in
                        for (number, (leaf, _)) in index.leavesInRowOrder().enumerated() {
                            if number % leavesPerCancelCheck == 0 && isCancelled() {
                                cancelled = true
                                return
                            }
                            let base = index.base(of: leaf)
                            for slot in base..<base + Int(index.leafCounts[Int(leaf)]) {
                                let id = ids[slot]
                                let rowFlags = flags[slot]
                                var matched: Bool
                                if dense {
                                    let word = Int(truncatingIfNeeded: id >> 6)
                                    matched = id >= 0 && word < bits.count && bits[word] & (1 << UInt64(id & 63)) != 0
                                } else {
                                    matched = matches.sparse.contains(id)
                                }
                                if checkExtra && !matched { matched = extra.contains(RowID(id)) }
                                let isHeader = rowFlags & RowRecord.kindMask == header
                                if isHeader { pendingHeader = matched ? nil : (record(id, rowFlags, units[slot]), wholePosition) }
                                if matched {
                                    if let pending = pendingHeader {
                                        records.append(pending.record)
                                        positions.append(pending.position)
                                        pendingHeader = nil
                                    }
                                    records.append(record(id, rowFlags, units[slot]))
                                    positions.append(wholePosition)
                                    matchCount += 1
                                }
                                wholePosition += 1
                            }
                        }
                    }
                }
            }
        }
        return cancelled ? nil : (records, positions, matchCount)
    }
}
