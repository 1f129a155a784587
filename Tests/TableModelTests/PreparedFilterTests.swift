import Testing
@testable import TableModel

/// A filtered layout built from a snapshot (``PreparedFilter``, off the main thread in the
/// app) and adopted after the table changed meanwhile, against the reference: a twin table
/// that had the same changes and filtered synchronously from its state at adoption.
@Suite struct PreparedFilterTests {
    /// What a filtered table shows, row by row: id, height and height state; and where.
    static func picture(_ table: Table) -> [String] {
        let layout = table.layout
        var lines = (0..<layout.count).map { position in
            let id = layout.id(at: position)
            return "\(id.rawValue) \(layout.height(of: id)!) \(layout.heightState(of: id)!)"
        }
        lines.append("offset \(layout.scrollOffset) height \(layout.contentHeight) matched \(table.filterMatchCount ?? -1)")
        return lines
    }

    /// One random change made to both tables alike: a measurement, an edit, a scroll, or
    /// (rarely) a delete or its undo, which make the snapshot's rows out of date.
    static func change(_ tables: [Table], _ random: inout SplitMix64, structural: Bool) throws {
        let shown = tables[0].layout
        guard shown.count > 0 else { return }
        let id = shown.id(at: Int(random.next() % UInt64(shown.count)))
        switch random.next() % (structural ? 6 : 4) {
        case 0:
            let ids = (0..<8).map { _ in shown.id(at: Int(random.next() % UInt64(shown.count))) }
            for table in tables { _ = try table.measure(ids) }
        case 1:
            guard case .note? = tables[0].row(id)?.kind else { return }
            let text = String(repeating: "edited \(random.next() % 50) ", count: Int(random.next() % 30) + 1)
            for table in tables { _ = try table.setText(text, for: id) }
        case 2:
            let offset = Double(random.next() % 30_000)
            for table in tables {
                _ = table.scroll(toOffset: offset)
                _ = table.layOutVisibleRows()
            }
        case 3:
            for table in tables { _ = try table.measure([id]) }
        case 4:
            for table in tables { _ = try table.delete(id) }
        default:
            for table in tables { _ = table.undo() }
        }
    }

    @Test func anAdoptedFilterIsTheOneBuiltAfterTheChanges() throws {
        let seed = TestSeed.make()
        var random = SplitMix64(seed: seed)
        let count = 600
        let adopting = try TableFilterTests.table(count: count)
        let reference = try TableFilterTests.table(count: count)
        var fellBack = 0
        for step in 0..<120 {
            let context = Comment(rawValue: "seed \(seed) step \(step)")
            if random.next() % 4 == 0 {
                for table in [adopting, reference] { _ = table.clearFilter() }
            }
            let density = Double(random.next() % 100) / 100
            let matches = RowMatches(sortedIDs: (1...Int64(count)).filter { _ in Double(random.next() % 1000) / 1000 < density })
            let source = adopting.filterSource()
            let structural = random.next() % 5 == 0
            for _ in 0..<Int(random.next() % 6) { try Self.change([adopting, reference], &random, structural: structural) }
            let prepared = try #require(PreparedFilter(source: source, matches: matches))
            if adopting.wholeLayout.journal?.changes(since: prepared.mark) == nil { fellBack += 1 }
            let adopted = adopting.filter(prepared, words: ["w"])
            let built = reference.filter(to: matches, words: ["w"])
            #expect(Self.picture(adopting) == Self.picture(reference), context)
            #expect(adopted.layout.scrollOffset == built.layout.scrollOffset, context)
            #expect(adopted.refresh == built.refresh, context)
            #expect(TableFilterTests.wholeIDs(adopting) == TableFilterTests.wholeIDs(reference), context)
            adopting._checkInvariants()
        }
        #expect(fellBack < 120, "seed \(seed): every step rebuilt, none caught up")
    }

    @Test func aCancelledBuildGivesNothing() throws {
        let table = try TableFilterTests.table(count: 100_000 / 64)
        let source = table.filterSource()
        #expect(PreparedFilter(source: source, matches: RowMatches(sortedIDs: [2, 3])) { true } == nil)
        #expect(PreparedFilter(source: source, matches: RowMatches(sortedIDs: [2, 3]))?.matchCount == 2)
    }

    @Test func theJournalForgetsWhatItCannotHold() {
        var journal = LayoutJournal()
        let first = journal.mark()
        for id in 0..<Int64(LayoutJournal.capacity) { journal.noteHeight(of: id) }
        #expect(journal.changes(since: first)?.count == LayoutJournal.capacity)
        journal.noteHeight(of: -1)
        #expect(journal.changes(since: first) == nil)
        let second = journal.mark()
        #expect(second != first)
        #expect(journal.changes(since: second)?.isEmpty == true)
        #expect(journal.changes(since: first) == nil)
        journal.noteHeight(of: 7)
        journal.noteEverything()
        #expect(journal.changes(since: second) == nil)
        var other = LayoutJournal()
        #expect(other.mark() != second)
    }
}
