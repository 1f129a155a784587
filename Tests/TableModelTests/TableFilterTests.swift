import Testing
@testable import TableModel

/// The find filter through the engine (F2, F4), against a plain reference: the whole order
/// as an array and the set of shown rows.
@Suite struct TableFilterTests {
    /// Headers every 6th row, notes and toggles between them; ids 1...count.
    static func file(count: Int) -> RowsFile {
        RowsFile(rows: (1...count).map { index in
            let id = RowID(Int64(index))
            if index % 6 == 1 { return Row(id: id, content: .header(title: "Section \(index)")) }
            if index % 3 == 0 { return Row(id: id, content: .toggle(title: "Toggle \(index)", open: index % 2 == 0)) }
            return Row(id: id, content: .note(text: String(repeating: "word \(index) ", count: index % 17 + 1), expanded: index % 5 == 0))
        })
    }

    static func table(count: Int) throws -> Table {
        try Table(file: file(count: count), width: 400, viewportHeight: 300, measurer: FixedAdvanceMeasurer(), clock: { 0 })
    }

    static func shownIDs(_ table: Table) -> [Int64] {
        (0..<table.layout.count).map { table.layout.id(at: $0).rawValue }
    }

    static func wholeIDs(_ table: Table) -> [Int64] {
        (0..<table.wholeLayout.count).map { table.wholeLayout.id(at: $0).rawValue }
    }

    /// What a filter shows: each matching row, and a header when it or a row of its section matches.
    static func expectedShown(whole: [Int64], kinds: [Int64: RowKind], matches: Set<Int64>) -> [Int64] {
        var shown: [Int64] = []
        var pending: Int64?
        for id in whole {
            if kinds[id] == .header { pending = matches.contains(id) ? nil : id }
            guard matches.contains(id) else { continue }
            if let header = pending { shown.append(header); pending = nil }
            shown.append(id)
        }
        return shown
    }

    @Test func showsMatchesUnderTheirHeadersAndCountsThem() throws {
        let table = try Self.table(count: 20)
        // 1 and 7 and 13 and 19 are headers; 8 matches in section 7, 13 matches itself: it
        // counts as a match, 1 and 7 (shown only to name the sections of 3 and 8) do not.
        let update = table.filter(to: RowMatches(sortedIDs: [3, 8, 13]))
        #expect(Self.shownIDs(table) == [1, 3, 7, 8, 13])
        #expect(table.filterMatchCount == 3)
        #expect(update.layout.contentHeight == table.layout.contentHeight)
        #expect(Self.wholeIDs(table).count == 20)
        table._checkInvariants()
        _ = table.clearFilter()
        #expect(Self.shownIDs(table) == Array(1...20))
        #expect(table.filterMatchCount == nil)
    }

    @Test func everyCellAViewMayKeepIsBoundAgainForTheNewWords() throws {
        let table = try Self.table(count: 400)
        _ = table.scroll(toOffset: 4_000)
        let overscan = 120.0
        let matches = RowMatches(sortedIDs: (1...400).filter { $0 % 2 == 0 })
        let filtered = table.filter(to: matches, words: ["word"])
        #expect(Set(filtered.refresh).isSuperset(of: table.layout.visibleRows(overscan: overscan).map(\.id)))
        let cleared = table.clearFilter()
        #expect(Set(cleared.refresh).isSuperset(of: table.layout.visibleRows(overscan: overscan).map(\.id)))
    }

    @Test func measuredHeightsComeBackAndTheAnchorStaysOnScreen() throws {
        let table = try Self.table(count: 200)
        _ = try table.measure((0..<table.count).map { table.layout.id(at: $0) })
        // The top row starts at the viewport's top: it is the first row in view.
        _ = table.scroll(toOffset: table.layout.offset(ofRow: 40))
        let anchor = try #require(table.layout.anchor)
        let screenY = try #require(table.layout.offset(of: anchor.id)) - table.layout.scrollOffset
        let heights = Dictionary(uniqueKeysWithValues: Self.shownIDs(table).map { ($0, table.layout.height(of: RowID($0))!) })
        let matching = Self.shownIDs(table).filter { $0 % 4 == anchor.id.rawValue % 4 }
        _ = table.filter(to: RowMatches(sortedIDs: matching))
        #expect(try #require(table.layout.offset(of: anchor.id)) - table.layout.scrollOffset == screenY)
        for id in Self.shownIDs(table) {
            #expect(table.layout.isMeasured(RowID(id)))
            #expect(table.layout.height(of: RowID(id)) == heights[id])
        }
        _ = table.scroll(toOffset: 0)
        _ = table.clearFilter()
        #expect(table.layout.anchor == anchor)
        #expect(table.layout.scrollOffset == table.layout.offset(ofRow: 40))
    }

    @Test func theFirstMatchInViewStaysWhereItIsOnScreen() throws {
        let table = try Self.table(count: 400)
        _ = try table.measure((0..<table.count).map { table.layout.id(at: $0) })
        _ = table.scroll(toOffset: 6_000)
        let inView = table.layout.visibleRows()
        let kept = inView[3].id
        let screenY = inView[3].y - table.layout.scrollOffset
        let matching = Self.shownIDs(table).filter { $0 == kept.rawValue || $0 % 9 == 0 && !inView.map(\.id.rawValue).contains($0) }
        _ = table.filter(to: RowMatches(sortedIDs: matching))
        #expect(try #require(table.layout.offset(of: kept)) - table.layout.scrollOffset == screenY)
    }

    /// Typing a query letter by letter narrows the matches step by step; however many of its
    /// prefixes were shown on the way, the row kept is the first one the user saw that the
    /// whole query matches, where the user saw it. After a scroll, what the filtered table
    /// shows is what the user sees.
    @Test func theRowKeptDoesNotDependOnThePrefixesShownOnTheWay() throws {
        let direct = try Self.table(count: 400)
        let stepped = try Self.table(count: 400)
        for table in [direct, stepped] {
            _ = try table.measure((0..<table.count).map { table.layout.id(at: $0) })
            _ = table.scroll(toOffset: 6_000)
        }
        let inView = direct.layout.visibleRows()
        let wanted = inView[inView.count / 2]
        let screenY = wanted.y - direct.layout.scrollOffset
        // The first prefix matches a row in view above `wanted` and many rows above the view,
        // which then fill the viewport above the row kept; the query matches fewer of them.
        // Rows below the view match both, so the table reaches below the row kept.
        let above = Set(Self.shownIDs(direct).filter { $0 < inView[0].id.rawValue && $0 % 2 == 0 })
        let below = Set(Self.shownIDs(direct).filter { $0 > inView.last!.id.rawValue })
        let prefix = above.union(below).union([inView[1].id.rawValue, wanted.id.rawValue])
        let query = Set(above.filter { $0 % 4 == 0 }).union(below).union([wanted.id.rawValue])
        _ = stepped.filter(to: RowMatches(sortedIDs: prefix.sorted()))
        _ = stepped.filter(to: RowMatches(sortedIDs: query.sorted()))
        _ = direct.filter(to: RowMatches(sortedIDs: query.sorted()))
        for table in [direct, stepped] {
            #expect(try #require(table.layout.offset(of: wanted.id)) - table.layout.scrollOffset == screenY)
        }
        // Scrolled, the rows in the filtered view are the ones looked at.
        _ = stepped.scroll(toOffset: stepped.layout.scrollOffset - 100)
        let now = try #require(stepped.layout.visibleRows().first { $0.y >= stepped.layout.scrollOffset })
        let nowY = now.y - stepped.layout.scrollOffset
        _ = stepped.filter(to: RowMatches(sortedIDs: query.union([now.id.rawValue]).sorted()))
        #expect(try #require(stepped.layout.offset(of: now.id)) - stepped.layout.scrollOffset == nowY)
    }

    /// Select all, Delete while a filter shows 4 of 40 rows: those 4 go from the whole table
    /// (and from the store's ranges, which are of the whole order), every other row keeps its
    /// content; undo and redo work filtered and after the filter is cleared.
    @Test func aBatchDeleteWhileFilteredDeletesTheShownRowsFromTheWholeTable() throws {
        let table = try Self.table(count: 40)
        let before = Self.wholeIDs(table)
        let rowsBefore = before.map { table.row(RowID($0)) }
        _ = table.takeChanges(force: true)
        _ = table.filter(to: RowMatches(sortedIDs: [3, 9, 10, 22]))
        _ = table.selectAll()
        _ = table.deleteSelection()
        table._checkInvariants()
        let shownNow = Self.shownIDs(table)
        #expect(Set(shownNow).isDisjoint(with: [3, 9, 10, 22]))
        let changes = try #require(table.takeChanges(force: true))
        var trashedEnds: [(Int64, Int64)] = []
        for case .trashed(_, let first, let last) in changes.placements { trashedEnds.append((first.rawValue, last.rawValue)) }
        // Every trashed range is a run of the whole order that holds only deleted rows.
        let remaining = Self.wholeIDs(table)
        for (first, last) in trashedEnds {
            let from = try #require(before.firstIndex(of: first)), to = try #require(before.firstIndex(of: last))
            #expect(before[from...to].allSatisfy { !remaining.contains($0) }, "range \(first)...\(last) trashes a row the table kept")
        }
        #expect(remaining.allSatisfy { table.row(RowID($0)) == rowsBefore[before.firstIndex(of: $0)!] }, "a row kept lost its content")
        // The four matches went; the headers shown only to name their sections were not
        // selected, and stay, in the table and on screen.
        #expect(remaining == before.filter { ![3, 9, 10, 22].contains($0) })
        #expect(shownNow == [1, 7, 19])
        #expect(table.filterMatchCount == 0)
        _ = table.undo()
        table._checkInvariants()
        #expect(table.filterMatchCount == 4)
        #expect(Self.wholeIDs(table) == before)
        #expect(Self.shownIDs(table).contains(3) && Self.shownIDs(table).contains(22))
        _ = table.redo()
        table._checkInvariants()
        #expect(Self.wholeIDs(table) == remaining)
        _ = table.clearFilter()
        #expect(Self.shownIDs(table) == remaining)
        _ = table.undo()
        #expect(Self.shownIDs(table) == before)
        #expect(before.allSatisfy { table.row(RowID($0)) == rowsBefore[before.firstIndex(of: $0)!] })
    }

    @Test func anUnmatchedAnchorGivesWayToTheNextMatch() throws {
        let table = try Self.table(count: 60)
        _ = try table.measure((0..<table.count).map { table.layout.id(at: $0) })
        _ = table.scroll(toOffset: try #require(table.layout.offset(of: RowID(20))))
        _ = table.filter(to: RowMatches(sortedIDs: [5] + Array(33...60)))
        #expect(table.layout.anchor?.id == RowID(31))  // the header of 33's section, just before it
    }

    @Test func deleteAndUndoWhileFilteredKeepTheWholeOrder() throws {
        let table = try Self.table(count: 30)
        _ = table.filter(to: RowMatches(sortedIDs: [4, 10, 11, 22]))
        _ = try table.delete(RowID(10))
        #expect(Self.shownIDs(table) == [1, 4, 7, 11, 19, 22])
        #expect(!Self.wholeIDs(table).contains(10))
        _ = table.undo()
        #expect(Self.shownIDs(table) == [1, 4, 7, 10, 11, 19, 22])
        #expect(Self.wholeIDs(table) == Array(1...30))
        _ = try table.delete(RowID(22))
        _ = table.clearFilter()
        _ = table.undo()
        #expect(Self.wholeIDs(table) == Array(1...30))
        table._checkInvariants()
    }

    @Test func pinWhileFilteredMovesTheRowInBothOrders() throws {
        let table = try Self.table(count: 12)
        _ = table.filter(to: RowMatches(sortedIDs: [3, 5, 10]))
        _ = try table.pin(RowID(5))
        #expect(Self.wholeIDs(table) == [1, 5, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12])
        #expect(Self.shownIDs(table) == [1, 5, 3, 7, 10])
        table._checkInvariants()
    }

    /// Filters, clears, deletes (one row, or a selection by Ctrl+A or Shift+click), undoes,
    /// measures and scrolls at random, against the whole order and the shown rows as arrays;
    /// the match count and what a selection may hold against the same reference.
    @Test func seededRandomOperationsAgreeWithTheReference() throws {
        let seed = TestSeed.make()
        var random = SplitMix64(seed: seed)
        let count = 400
        let table = try Self.table(count: count)
        let kinds = Dictionary(uniqueKeysWithValues: Self.file(count: count).rows.map { ($0.id.rawValue, $0.kind) })
        var whole = Array(1...Int64(count))
        var shown: [Int64]? = nil
        var matches: Set<Int64> = []
        /// Each undoable delete: the rows it took, with their whole positions, in order, and
        /// whether it was a batch (its undo shows the current filter's rows afresh).
        var deletes: [(rows: [(id: Int64, index: Int)], isBatch: Bool)] = []
        func delete(_ ids: Set<Int64>, isBatch: Bool) {
            deletes.append((whole.enumerated().filter { ids.contains($0.element) }.map { ($0.element, $0.offset) }, isBatch))
            whole.removeAll { ids.contains($0) }
            shown?.removeAll { ids.contains($0) }
        }
        for step in 0..<300 {
            let context = Comment(rawValue: "seed \(seed) step \(step)")
            switch random.next() % 8 {
            case 0, 1:
                let density = Double(random.next() % 100) / 100
                let sorted = whole.filter { _ in Double(random.next() % 1000) / 1000 < density }.sorted()
                _ = table.filter(to: RowMatches(sortedIDs: sorted))
                matches = Set(sorted)
                shown = Self.expectedShown(whole: whole, kinds: kinds, matches: matches)
            case 2:
                _ = table.clearFilter()
                shown = nil
            case 3:
                let visible = shown ?? whole
                guard !visible.isEmpty else { continue }
                let id = visible[Int(random.next() % UInt64(visible.count))]
                _ = try table.delete(RowID(id))
                delete([id], isBatch: false)
            case 4:
                guard let last = deletes.popLast() else { continue }
                _ = table.undo()
                for row in last.rows { whole.insert(row.id, at: row.index) }
                if let current = shown {
                    if !last.isBatch {
                        let kept = Set(current).union([last.rows[0].id])
                        shown = whole.filter { kept.contains($0) }
                    } else {
                        shown = Self.expectedShown(whole: whole, kinds: kinds, matches: matches)
                    }
                }
            case 5:
                let visible = table.layout.visibleRows().map(\.id)
                _ = try table.measure(visible)
            case 6:
                let visible = shown ?? whole
                guard visible.count > 1 else { continue }
                var picked = visible
                if random.next() % 4 == 0 {
                    _ = table.selectAll()
                } else {
                    let a = Int(random.next() % UInt64(visible.count)), b = Int(random.next() % UInt64(visible.count))
                    _ = try table.toggleSelection(RowID(visible[min(a, b)]))
                    _ = try table.extendSelection(to: RowID(visible[max(a, b)]))
                    picked = Array(visible[min(a, b)...max(a, b)])
                }
                // While filtered, a header shown only to name a section cannot be selected.
                let selected = picked.filter { shown == nil || kinds[$0] != .header || matches.contains($0) }
                #expect(table.selection.count == selected.count, context)
                _ = table.deleteSelection()
                if !selected.isEmpty { delete(Set(selected), isBatch: true) }
            default:
                _ = table.scroll(toOffset: Double(random.next() % 20_000))
            }
            #expect(Self.wholeIDs(table) == whole, context)
            #expect(Self.shownIDs(table) == (shown ?? whole), context)
            #expect(table.filterMatchCount == shown.map { $0.filter { matches.contains($0) }.count }, context)
            table._checkInvariants()
        }
    }
}

/// The matched-id set, dense (a bit set) and sparse (a hash set), against a plain `Set`.
@Suite struct RowMatchesTests {
    @Test func agreesWithASetDenseAndSparse() {
        let seed = TestSeed.make()
        var random = SplitMix64(seed: seed)
        for spread in [Int64(3), 1_000_000_000] {
            let ids = (0..<500).map { _ in Int64(random.next() % UInt64(500 * spread)) }.sorted()
            let matches = RowMatches(sortedIDs: ids)
            let reference = Set(ids)
            #expect(matches.count == reference.count, "seed \(seed)")
            for probe in ids.prefix(100) + (0..<200).map({ _ in Int64(random.next() % UInt64(500 * spread)) }) + [-1, Int64.max] {
                #expect(matches.contains(RowID(probe)) == reference.contains(probe), "seed \(seed) id \(probe)")
            }
        }
        #expect(RowMatches(sortedIDs: []).count == 0)
        #expect(!RowMatches(sortedIDs: []).contains(RowID(0)))
    }
}
