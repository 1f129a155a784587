import Testing
@testable import TableModel

/// Batch Flag and Done above ``Table/batchMarkLimit`` while a find filter is on (E3, F2): the
/// layer covers the selected matches in the whole table and nothing the filter hides; undo
/// and redo restore each row's own mark whether the filter is on or off when they run.
@Suite struct TableFilteredBatchMarkTests {
    /// More rows than the limit, with headers every 6th row (ids 1, 7, 13, ...).
    static let count = 3 * Table.batchMarkLimit

    private func marks(_ table: Table, _ keyPath: KeyPath<Row, Bool>) -> Set<Int64> {
        Set((1...Int64(Self.count)).filter { table.row(RowID($0))?[keyPath: keyPath] == true })
    }

    private func notes(_ table: Table, where include: (Int64) -> Bool) -> Set<Int64> {
        Set((1...Int64(Self.count)).filter { table.row(RowID($0))?.kind != .header && include($0) })
    }

    /// Unfiltered, Ctrl+A selects the headers too; the toast counts the rows the mark is on.
    @Test func theToastOfAFlagOnEveryRowCountsTheRowsWithMarksNotTheHeaders() throws {
        let table = try TableFilterTests.table(count: Self.count)
        _ = try table.toggleFlag(RowID(8))  // flagged before: still one of the rows flagged
        _ = table.selectAll()
        let update = try table.setMark(.flag, to: true)
        let notes = notes(table) { _ in true }
        #expect(update.undoToast?.action == .marked(.flag, on: true, count: notes.count))
        #expect(marks(table, \.flagged) == notes)
    }

    @Test func flagOnEveryMatchFlagsTheMatchesOnlyAndUndoGivesEachRowItsOwnFlag() throws {
        let table = try TableFilterTests.table(count: Self.count)
        _ = try table.toggleFlag(RowID(8))  // a match flagged before
        _ = try table.toggleFlag(RowID(9))  // a hidden row flagged before
        _ = table.filter(to: RowMatches(sortedIDs: (1...Int64(Self.count)).filter { $0 % 2 == 0 }))
        _ = table.scroll(toOffset: 5_000)
        _ = table.layOutVisibleRows()
        let top = try #require(table.layout.anchor)
        _ = table.selectAll()
        let selected = table.selection.count
        #expect(selected > Table.batchMarkLimit)
        let update = try table.setMark(.flag, to: true)
        #expect(update.undoToast?.action == .marked(.flag, on: true, count: selected))
        let even = notes(table) { $0 % 2 == 0 }
        #expect(marks(table, \.flagged) == even.union([9]), "the matches and the row flagged before, no hidden row, no header")
        #expect(table.layout.anchor == top, "the top row stays")

        _ = table.undo()
        #expect(marks(table, \.flagged) == [8, 9])
        _ = table.redo()
        _ = table.clearFilter()
        #expect(marks(table, \.flagged) == even.union([9]))
        _ = table.undo()
        #expect(marks(table, \.flagged) == [8, 9], "undone after the filter was cleared")
        _ = table.redo()
        #expect(marks(table, \.flagged) == even.union([9]))
        table._checkInvariants()
    }

    @Test func aStepMadeUnfilteredIsUndoneAndRedoneWhileFiltered() throws {
        let table = try TableFilterTests.table(count: Self.count)
        _ = try table.toggleDone(RowID(10))
        _ = table.selectAll()
        _ = try table.setMark(.done, to: true)
        let every = notes(table) { _ in true }
        #expect(marks(table, \.done) == every)
        _ = table.filter(to: RowMatches(sortedIDs: (1...Int64(Self.count)).filter { $0 % 3 == 0 }))
        _ = table.undo()
        #expect(marks(table, \.done) == [10])
        _ = table.redo()
        #expect(marks(table, \.done) == every)
        // A second step on the matches, then both undone while filtered.
        _ = table.selectAll()
        _ = try table.setMark(.done, to: false)
        #expect(marks(table, \.done) == every.subtracting(notes(table) { $0 % 3 == 0 }))
        _ = table.undo()
        _ = table.undo()
        #expect(marks(table, \.done) == [10])
        table._checkFilterInvariants()
    }

    /// Matches that are neighbours in the whole table make one range; rows the filter hides
    /// are never covered, nor a header shown only to name its section (it cannot be selected).
    @Test func theLayerCoversRunsOfTheWholeTableAndNoHiddenRow() throws {
        let table = try TableFilterTests.table(count: Self.count)
        let run = Set(Int64(100)...Int64(20_100))
        let scattered: Set<Int64> = [20_200, 20_300, 20_301, 20_302, 29_999]
        let matches = run.union(scattered)
        _ = table.filter(to: RowMatches(sortedIDs: matches.sorted()))
        _ = table.selectAll()
        let whole = table.wholeSelection()
        #expect(whole.count == table.selection.count)
        #expect(table.wholeSelection(walkLimit: 0) == whole && table.wholeSelection(walkLimit: 1 << 30) == whole,
                "halving and walking agree")
        #expect(table.wholeSelection(twoCoresFrom: 2) == whole, "a walk in two halves agrees")
        let covered = whole.ranges.flatMap { $0.map { table.wholeLayout.id(at: $0).rawValue } }
        #expect(covered.allSatisfy { matches.contains($0) })
        // 100...20,100, 20,200, 20,300...20,302, 29,999: not the headers 97, 20,197, 20,299
        // and 29,995 shown above them.
        #expect(whole.ranges == [99..<20_100, 20_199..<20_200, 20_299..<20_302, 29_998..<29_999])
        _ = try table.setMark(.flag, to: true)
        #expect(marks(table, \.flagged) == notes(table) { matches.contains($0) })
    }

    @Test func pinAboveTheLimitIsStillRefusedWhileFiltered() throws {
        let table = try TableFilterTests.table(count: Self.count)
        _ = table.filter(to: RowMatches(sortedIDs: (1...Int64(Self.count)).filter { $0 % 2 == 0 }))
        _ = table.selectAll()
        let selected = table.selection.count
        #expect(throws: TableError.tooManyRowsToMark(selected, limit: Table.batchMarkLimit)) {
            try table.setMark(.pin, to: true)
        }
        #expect(!table.canUndo)
    }

    /// Seeded: sparse, middling and dense matches, and selections of random runs of the rows
    /// shown (the headers shown only to name a section among them); every way of mapping the
    /// selection to the whole table (on one core or two) gives the ranges made row by row, and
    /// the ids and the headers the one-walk lookups find are those found one row at a time.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func theWholeSelectionIsTheSelectedRowsFoundOneByOne(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = 4_000
        let table = try TableFilterTests.table(count: count)
        let share = [20, 300, 950][Int(seed % 3)]
        let matches = (1...Int64(count)).filter { _ in random.next() % 1_000 < share }
        _ = table.filter(to: RowMatches(sortedIDs: matches))
        _ = table.enterSelectionMode()
        var position = 0
        while position < table.layout.count {
            let run = Int(random.next() % 40) + 1
            if random.next() % 2 == 0 {
                for shown in position..<min(position + run, table.layout.count) {
                    _ = try table.toggleSelection(table.layout.id(at: shown))
                }
            }
            position += run
        }
        var expected = RowSelection()
        for range in table.selection.ranges {
            for shown in range { expected.append(try #require(table.wholeLayout.index(of: table.layout.id(at: shown))).rangeOfOne) }
        }
        #expect(table.selection.count > 0)
        #expect(table.wholeSelection() == expected)
        #expect(table.wholeSelection(walkLimit: 0) == expected, "halving")
        #expect(table.wholeSelection(walkLimit: 1 << 30) == expected, "one walk")
        #expect(table.wholeSelection(twoCoresFrom: 2) == expected, "walks in two halves")
        #expect(table.wholeSelection(walkLimit: 1 << 30, twoCoresFrom: 2) == expected, "one walk in two halves")
        let ends = expected.ranges.flatMap { [$0.lowerBound..<$0.lowerBound + 1, $0.upperBound - 1..<$0.upperBound] }
        #expect(table.wholeLayout.index.ids(in: ends) == ends.map { table.wholeLayout.id(at: $0.lowerBound).rawValue })
        #expect(table.wholeLayout.index.ids(in: expected.ranges) == expected.ranges.flatMap { $0.map { table.wholeLayout.id(at: $0).rawValue } })
        let headers = table.selection.ranges.flatMap { $0 }.filter { table.row(table.layout.id(at: $0))?.kind == .header }
        #expect(table.layout.index.countOfKind(.header, in: table.selection.ranges) == headers.count)
    }
}

private extension Int {
    var rangeOfOne: Range<Int> { self..<self + 1 }
}
