/// The rows the user selected (E3), kept as ranges of row positions, never one flag per
/// row: selecting every row of a million is one range, O(1).
///
/// The owner keeps positions right as rows come and go: ``rowsInserted(at:count:)`` and
/// ``rowsRemoved(_:)`` shift the ranges after the change (a row inserted inside a selected
/// range is not selected; the range splits around it).
///
/// Invariant: `ranges` are non-empty, sorted, and neither overlap nor touch (touching ranges
/// are merged); ``count`` is the sum of their lengths.
public struct RowSelection: Sendable, Equatable {
    /// The selected positions, as sorted, disjoint, non-adjacent ranges.
    public private(set) var ranges: [Range<Int>] = []
    /// The number of selected rows.
    ///
    /// - Complexity: O(1).
    public private(set) var count = 0

    /// Nothing selected.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// - Complexity: O(1).
    public var isEmpty: Bool { ranges.isEmpty }

    /// Whether row `position` is selected.
    ///
    /// - Complexity: O(log r) for r ranges.
    public func contains(_ position: Int) -> Bool {
        let candidate = firstRange(endingAfter: position)
        return candidate < ranges.count && ranges[candidate].contains(position)
    }

    /// Selects every position in `range`.
    ///
    /// - Complexity: O(r) for r ranges.
    public mutating func insert(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        // Ranges that overlap or touch `range` merge into it.
        let first = firstRange(endingAfter: range.lowerBound - 1)
        var last = first
        var merged = range
        while last < ranges.count, ranges[last].lowerBound <= range.upperBound {
            merged = min(merged.lowerBound, ranges[last].lowerBound)..<max(merged.upperBound, ranges[last].upperBound)
            last += 1
        }
        ranges.replaceSubrange(first..<last, with: [merged])
        recount()
    }

    /// Selects every position in `range`, which starts at or after the end of every selected
    /// range (it merges with the last when they touch): building a selection in order.
    ///
    /// - Precondition: `range.lowerBound` is at least the last range's upper bound.
    /// - Complexity: O(1) amortised.
    public mutating func append(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        precondition(range.lowerBound >= (ranges.last?.upperBound ?? range.lowerBound), "append: range out of order")
        if let last = ranges.last, last.upperBound == range.lowerBound {
            ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
        } else {
            ranges.append(range)
        }
        count += range.count
    }

    /// Selects every position in `pieces`, sorted ranges that do not overlap: one merge of
    /// two sorted lists, where inserting them one by one would cost O(r) each.
    ///
    /// - Complexity: O(r + p) for r selected ranges and p pieces.
    public mutating func formUnion(_ pieces: [Range<Int>]) {
        var merged: [Range<Int>] = []
        merged.reserveCapacity(ranges.count + pieces.count)
        var (mine, theirs) = (0, 0)
        while mine < ranges.count || theirs < pieces.count {
            let next: Range<Int>
            if theirs == pieces.count || (mine < ranges.count && ranges[mine].lowerBound <= pieces[theirs].lowerBound) {
                next = ranges[mine]
                mine += 1
            } else {
                next = pieces[theirs]
                theirs += 1
            }
            guard !next.isEmpty else { continue }
            if let last = merged.last, next.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, next.upperBound)
            } else {
                merged.append(next)
            }
        }
        ranges = merged
        recount()
    }

    /// Deselects every position in `range`.
    ///
    /// - Complexity: O(r) for r ranges.
    public mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let first = firstRange(endingAfter: range.lowerBound)
        var last = first
        var kept: [Range<Int>] = []
        while last < ranges.count, ranges[last].lowerBound < range.upperBound {
            let old = ranges[last]
            if old.lowerBound < range.lowerBound { kept.append(old.lowerBound..<range.lowerBound) }
            if old.upperBound > range.upperBound { kept.append(range.upperBound..<old.upperBound) }
            last += 1
        }
        ranges.replaceSubrange(first..<last, with: kept)
        recount()
    }

    /// Selects row `position` if it was not selected, else deselects it.
    ///
    /// - Complexity: O(r) for r ranges.
    public mutating func toggle(_ position: Int) {
        if contains(position) { remove(position..<position + 1) } else { insert(position..<position + 1) }
    }

    /// Deselects everything.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func removeAll() {
        ranges.removeAll()
        count = 0
    }

    /// `count` unselected rows were inserted at `position`: later positions move down.
    ///
    /// - Complexity: O(r) for r ranges.
    public mutating func rowsInserted(at position: Int, count inserted: Int = 1) {
        guard inserted > 0, !ranges.isEmpty else { return }
        var shifted: [Range<Int>] = []
        shifted.reserveCapacity(ranges.count + 1)
        for range in ranges {
            if range.upperBound <= position {
                shifted.append(range)
            } else if range.lowerBound >= position {
                shifted.append(range.lowerBound + inserted..<range.upperBound + inserted)
            } else {
                shifted.append(range.lowerBound..<position)
                shifted.append(position + inserted..<range.upperBound + inserted)
            }
        }
        ranges = shifted
    }

    /// The rows at `removed` left the table: they leave the selection and later positions
    /// move up.
    ///
    /// - Complexity: O(r) for r ranges.
    public mutating func rowsRemoved(_ removed: Range<Int>) {
        guard !removed.isEmpty, !ranges.isEmpty else { return }
        remove(removed)
        var shifted: [Range<Int>] = []
        shifted.reserveCapacity(ranges.count)
        for range in ranges {
            let moved = range.lowerBound >= removed.upperBound
                ? range.lowerBound - removed.count..<range.upperBound - removed.count : range
            if let previous = shifted.last, previous.upperBound == moved.lowerBound {
                shifted[shifted.count - 1] = previous.lowerBound..<moved.upperBound
            } else {
                shifted.append(moved)
            }
        }
        ranges = shifted
    }

    /// The index of the first range whose end is after `position`, or `ranges.count`.
    ///
    /// - Complexity: O(log r).
    private func firstRange(endingAfter position: Int) -> Int {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound > position { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private mutating func recount() {
        count = ranges.reduce(0) { $0 + $1.count }
    }

    /// Traps if an invariant is broken.
    ///
    /// - Complexity: O(r).
    func _checkInvariants() {
        var total = 0
        for (offset, range) in ranges.enumerated() {
            precondition(!range.isEmpty && range.lowerBound >= 0, "selection: empty or negative range")
            if offset > 0 { precondition(ranges[offset - 1].upperBound < range.lowerBound, "selection: ranges touch or overlap") }
            total += range.count
        }
        precondition(total == count, "selection: count is wrong")
    }
}
