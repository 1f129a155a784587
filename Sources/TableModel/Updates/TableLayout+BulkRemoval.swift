extension TableLayout {
    /// What ``removeRows(in:)`` took away, so ``restore(_:)`` can put it all back: the
    /// index, anchor, scroll position and selection as they were (the index is a value with
    /// copy-on-write storage, so keeping it costs nothing until the live index changes).
    public final class RemovedRows: Hashable, Sendable {
        let indexBefore: HeightIndex
        let anchorBefore: ScrollAnchor?
        let scrollOffsetBefore: Double
        let selectionBefore: RowSelection
        /// The removed positions (before the removal), sorted and disjoint.
        public let ranges: [Range<Int>]
        /// The number of rows removed.
        public let count: Int

        init(layout: TableLayout, ranges: [Range<Int>]) {
            indexBefore = layout.index
            anchorBefore = layout.anchor
            scrollOffsetBefore = layout.scrollOffset
            selectionBefore = layout.selection
            self.ranges = ranges
            count = ranges.reduce(0) { $0 + $1.count }
        }

        /// Calls `body` with the id of every removed row, in order.
        ///
        /// - Complexity: O(removed rows + ranges · log n).
        public func forEachID(_ body: (RowID) -> Void) {
            for range in ranges {
                var position = range.lowerBound
                indexBefore.forEachRow(from: range.lowerBound) { record in
                    guard position < range.upperBound else { return false }
                    body(RowID(record.id))
                    position += 1
                    return true
                }
            }
        }

        /// The first and last id of each removed range.
        ///
        /// - Complexity: O(ranges · log n).
        public var rangeEnds: [(first: RowID, last: RowID)] {
            ranges.map { (RowID(indexBefore.record(at: $0.lowerBound).id), RowID(indexBefore.record(at: $0.upperBound - 1).id)) }
        }

        public static func == (lhs: RemovedRows, rhs: RemovedRows) -> Bool { lhs === rhs }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    /// Removes the rows at `ranges` (sorted, disjoint positions in `0..<count`) in one step,
    /// as a range splice rather than one batch request per row: removing every row makes a
    /// new empty index, O(1); removing most rows rebuilds the index from those kept; removing
    /// few removes them one by one. The anchor passes as in ``performBatch(_:)``: to the first
    /// row after its removed range, else the last one before it. The selection loses the
    /// removed rows and shifts.
    ///
    /// Rows kept through a rebuild keep measured heights; a stale one becomes estimated.
    ///
    /// - Complexity: O(min(removed, kept) · log n + r) for r ranges.
    public func removeRows(in ranges: [Range<Int>]) -> (changes: ChangeSet, removed: RemovedRows) {
        let ranges = ranges.filter { !$0.isEmpty }
        precondition(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound }, "removeRows: unsorted ranges")
        precondition(ranges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= count }, "removeRows: range out of bounds")
        let removed = RemovedRows(layout: self, ranges: ranges)
        let estimatesBefore = index.estimates.current
        var context = ScrollContext(self)
        if let anchor, let position = index(of: anchor.id), let hit = ranges.first(where: { $0.contains(position) }) {
            var replacement: ScrollAnchor?
            if hit.upperBound < count, !ranges.contains(where: { $0.contains(hit.upperBound) }) {
                replacement = ScrollAnchor(id: id(at: hit.upperBound), offsetInRow: anchor.offsetInRow)
            } else if hit.lowerBound > 0 {
                let above = hit.lowerBound - 1
                let height = offset(ofRow: above + 1) - offset(ofRow: above)
                replacement = ScrollAnchor(id: id(at: above), offsetInRow: anchor.offsetInRow + height)
            }
            context.passAnchor(to: replacement)
        }

        let kept = count - removed.count
        if kept == 0 {
            index = emptyIndex()
        } else if kept < removed.count {
            var specs: [RowSpec] = []
            specs.reserveCapacity(kept)
            var position = 0
            var next = 0
            index.forEachRow(from: 0) { record in
                while next < ranges.count, ranges[next].upperBound <= position { next += 1 }
                if next >= ranges.count || !ranges[next].contains(position) {
                    let height = record.state == .measured ? HeightUnits.points(Int64(record.units)) : nil
                    specs.append(RowSpec(id: RowID(record.id), kind: record.kind, measuredHeight: height))
                }
                position += 1
                return true
            }
            // The kept rows are unique and their heights came from this index: this cannot throw.
            index = (try? HeightIndex(rows: specs, estimates: freshEstimates(),
                                      leafCapacity: index.leafCapacity, branchCapacity: index.branchCapacity)) ?? emptyIndex()
        } else {
            for range in ranges.reversed() {
                for position in range.reversed() { index.remove(at: position) }
            }
        }
        anchorHint = (-1, 0)
        journal?.noteEverything()
        for range in ranges.reversed() { selection.rowsRemoved(range) }
        if count == 0 {
            anchor = nil
            scrollOffset = 0
        } else {
            restoreScroll(context)
        }
        var changes = finish(estimatesBefore: estimatesBefore)
        changes.removedInBulk = removed.count
        return (changes, removed)
    }

    /// Puts back what ``removeRows(in:)`` removed: the index, scroll position and selection
    /// as they were then. Valid only when every change since has been undone (the undo
    /// history's order guarantees it); heights measured since are those of before.
    ///
    /// - Complexity: O(1), plus O(n) when the layout was not alone in holding its index.
    public func restore(_ removed: RemovedRows) -> ChangeSet {
        let estimatesBefore = index.estimates.current
        index = removed.indexBefore
        anchorHint = (-1, 0)
        journal?.noteEverything()
        selection = removed.selectionBefore
        anchor = removed.anchorBefore
        scrollOffset = removed.scrollOffsetBefore
        restoreScroll(ScrollContext(self))
        var changes = finish(estimatesBefore: estimatesBefore)
        changes.restoredInBulk = removed.count
        return changes
    }

    /// Replaces the selection (the table's selection intents).
    ///
    /// - Complexity: O(1).
    func setSelection(_ selection: RowSelection) {
        self.selection = selection
    }

    private func freshEstimates() -> HeightEstimates {
        var estimates = HeightEstimates()
        for kind in RowKind.allCases { estimates.setPolicy(index.estimates.policy(for: kind), for: kind) }
        return estimates
    }

    private func emptyIndex() -> HeightIndex {
        // An empty index has nothing that could be repeated or invalid.
        (try? HeightIndex(rows: [RowSpec](), estimates: freshEstimates(),
                          leafCapacity: index.leafCapacity, branchCapacity: index.branchCapacity))!
    }
}
