import Dispatch
import Foundation
import SQLiteStore
import Testing
@testable import RowStore
import TableModel

/// The find index (F3): what it finds, that the writer's transactions keep it up to date,
/// that an older database gets it, and that a stale search is never delivered.
@Suite struct SearchIndexTests {
    static let file = RowsFile(rows: [
        Row(id: RowID(1), content: .header(title: "Notes")),
        Row(id: RowID(2), content: .note(text: "Lemons and a Café au lait", expanded: false)),
        Row(id: RowID(3), content: .note(text: "Купить БИЛЕТЫ в театр", expanded: false)),
        Row(id: RowID(4), content: .note(text: "नमस्ते दुनिया, आज का दिन", expanded: false)),
        Row(id: RowID(5), content: .header(title: "Heights")),
        Row(id: RowID(30), content: .toggle(title: "Zürich lemonade", open: true)),
        Row(id: RowID(80), content: .grid(chips: ["Swift", "GTK \"4\"", "Панго"])),
        Row(id: RowID(90), content: .rich(source: "rich/welcome.markup")),
    ])

    /// Runs one search and waits for its outcome.
    static func search(_ searcher: RowSearcher, _ text: String) throws -> [Int64] {
        let done = DispatchSemaphore(value: 0)
        let box = OutcomeBox()
        searcher.search(SearchQuery(text)) { outcome in
            box.set(outcome)
            done.signal()
        }
        done.wait()
        let matches = try box.get().result.get()
        return (0...100).filter { matches.contains(RowID(Int64($0))) }.map(Int64.init)
    }

    /// Runs one search and waits for every matching row's id.
    static func search(_ searcher: RowSearcher, matching query: SearchQuery) throws -> [Int64] {
        let done = DispatchSemaphore(value: 0)
        let box = OutcomeBox()
        searcher.search(query) { outcome in
            box.set(outcome)
            done.signal()
        }
        done.wait()
        let matches = try box.get().result.get()
        return (0...12_000).filter { matches.contains(RowID(Int64($0))) }.map(Int64.init)
    }

    @Test func findsWordsAndALastPrefixInAnyScriptAndCase() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: Self.file)
        let searcher = RowSearcher(path: fixture.path("rows.sqlite"))
        #expect(try Self.search(searcher, "lem") == [2, 30])
        #expect(try Self.search(searcher, "LEMONS") == [2])
        #expect(try Self.search(searcher, "cafe") == [2])
        #expect(try Self.search(searcher, "zurich lem") == [30])
        #expect(try Self.search(searcher, "билет") == [3])
        #expect(try Self.search(searcher, "купить театр") == [3])
        #expect(try Self.search(searcher, "नमस्") == [4])
        #expect(try Self.search(searcher, "दुनिया") == [4])
        #expect(try Self.search(searcher, "панго") == [80])
        #expect(try Self.search(searcher, "gtk 4") == [80])
        #expect(try Self.search(searcher, "heights") == [5])
        #expect(try Self.search(searcher, "welcome") == [])
        #expect(try Self.search(searcher, "nothing") == [])
        // FTS5 syntax typed by the user is only words.
        #expect(try Self.search(searcher, "\"lemons\" OR NEAR(*") == [])
        #expect(try Self.search(searcher, "  ,. ") == [])
    }

    /// Rows whose ids span more than ``RowSearcher/idsPerLane`` are searched in two halves at
    /// once, on two connections: every match is found, on both sides of the cut and at it,
    /// and a word found on one side only is found there.
    @Test func aWideSpanOfIdsIsSearchedInTwoHalves() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        let last = 2 * RowSearcher.idsPerLane + 1
        let middle = 1 + (last - 1) / 2
        let ids: [Int64] = [2, middle - 1, middle, middle + 1, last]
        let rows = [Row(id: RowID(1), content: .header(title: "Notes"))]
            + ids.map { Row(id: RowID($0), content: .note(text: "lemons from row \($0 == middle + 1 ? "above" : "below")", expanded: false)) }
        _ = try RowDatabase.create(path: path, importing: RowsFile(rows: rows))
        let searcher = RowSearcher(path: path)
        let done = DispatchSemaphore(value: 0)
        let box = OutcomeBox()
        for (query, expected) in [("lemons", ids), ("above", [middle + 1]), ("below", ids.filter { $0 != middle + 1 })] {
            searcher.search(SearchQuery(query)) { outcome in
                box.set(outcome)
                done.signal()
            }
            done.wait()
            let matches = try box.get().result.get()
            #expect(matches.count == expected.count, "\(query)")
            #expect(expected.allSatisfy { matches.contains(RowID($0)) }, "\(query)")
        }
    }

    /// A last word of 4 or more ASCII characters is looked up in the index's terms and sent as
    /// those terms when they are few: the rows found are those the prefix finds, for seeded
    /// random prefixes of the generated rows' words (and random letters), in any case.
    @Test func aLastWordSentAsItsTermsFindsWhatItsPrefixFinds() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        let seed = ProcessInfo.processInfo.environment["TABLE_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        let rows = RowsGenerator(seed: seed, commonWord: "everyday").rows(count: 1_500) + Self.file.rows.map {
            Row(id: RowID($0.id.rawValue + 10_000), content: $0.content)
        }
        _ = try RowDatabase.create(path: path, importing: RowsFile(rows: rows))
        let searcher = RowSearcher(path: path)
        let direct = try SQLiteConnection(path: path, mode: .readOnly)
        let select = try direct.prepare("SELECT rowid FROM rows_search WHERE rows_search MATCH ? ORDER BY rowid")
        try direct.execute("CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, rows_search, 'row')")
        let terms = try direct.prepare("SELECT term FROM temp.terms WHERE length(term) >= 4")
        var words: [String] = []
        while try terms.step() { words.append(terms.text(0)) }
        for _ in 0..<200 {
            let word = words.randomElement(using: &random)!
            var prefix = String(word.prefix(Int.random(in: 4...max(4, word.count), using: &random)))
            if Bool.random(using: &random) { prefix = prefix.uppercased() }
            if Int.random(in: 0..<5, using: &random) == 0 { prefix = String((0..<4).map { _ in "aeinorst".randomElement(using: &random)! }) }
            // Half the time after a whole word, so the completed word joins other words.
            let query = SearchQuery(Bool.random(using: &random) ? "\(words.randomElement(using: &random)!) \(prefix)" : prefix)
            try select.bind([.text(try #require(query.matchExpression))])
            var expected: [Int64] = []
            while try select.step() { expected.append(select.integer(0)) }
            select.finishReading()
            let found = try Self.search(searcher, matching: query)
            #expect(found == expected, "seed \(seed): \(query.words) found \(found.count) rows, its prefix \(expected.count)")
        }
    }

    @Test func aLastWordIsCompletedWithItsTermsOnlyWhenTheirFoldingIsKnown() {
        #expect(SearchQuery("fresh Lemo").lastWordTermPrefix == "lemo")
        #expect(SearchQuery("lem").lastWordTermPrefix == nil, "the index has prefixes of 2 and 3")
        #expect(SearchQuery("Zürich").lastWordTermPrefix == nil)
        #expect(SearchQuery("fresh lemo").matchExpression(completingLastWordWith: ["lemon", "lemonade"]) == "\"fresh\" AND (\"lemon\" OR \"lemonade\")")
        #expect(SearchQuery("lemo").matchExpression(completingLastWordWith: []) == nil)
    }

    @Test func editsUpdateTheIndexInTheirTransaction() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: Self.file)
        let searcher = RowSearcher(path: fixture.path("rows.sqlite"))
        #expect(try Self.search(searcher, "lemons") == [2])
        try database.apply(RowChanges(rows: [RowID(2): Row(id: RowID(2), content: .note(text: "Oranges", expanded: false))]))
        #expect(try Self.search(searcher, "lemons") == [])
        #expect(try Self.search(searcher, "orange") == [2])
        try database.apply(RowChanges(placements: [.removed(RowID(2))]))
        #expect(try Self.search(searcher, "orange") == [])
        try database.apply(RowChanges(
            placements: [.placed(RowID(7), after: RowID(4), before: RowID(5))],
            rows: [RowID(7): Row(id: RowID(7), content: .note(text: "New orange row", expanded: false))]))
        #expect(try Self.search(searcher, "orange") == [7])
        // A mark alone leaves the words as they were.
        try database.apply(RowChanges(marks: [RowID(7): RowMarks(flagged: true, done: false, pinned: false)]))
        #expect(try Self.search(searcher, "orange") == [7])
        #expect(try database.integrityCheck() == "ok")
    }

    @Test func anOlderDatabaseGetsTheIndexWhenOpened() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        _ = try RowDatabase.create(path: path, importing: Self.file)
        do {
            // Back to version 7, as a database from before find was (its migration is version 8).
            let connection = try SQLiteConnection(path: path, mode: .readWrite)
            try connection.execute(RowSchema.dropSearchTriggers)
            try connection.execute("DROP TABLE mark_step_rows; DROP TABLE mark_steps; DROP TABLE rows_search; PRAGMA user_version = 7")
        }
        #expect(throws: RowStoreError.self) { try Self.search(RowSearcher(path: path), "lemons") }
        _ = try RowDatabase.open(path: path)
        #expect(try Self.search(RowSearcher(path: path), "lemons") == [2])
    }

    @Test func onlyTheLatestSearchIsDelivered() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let rows = (1...20_000).map { Row(id: RowID(Int64($0)), content: .note(text: "alpha beta \($0)", expanded: false)) }
        _ = try RowDatabase.create(path: fixture.path("rows.sqlite"), rows: rows)
        let searcher = RowSearcher(path: fixture.path("rows.sqlite"))
        let delivered = DeliveredQueries()
        let done = DispatchSemaphore(value: 0)
        var last = 0
        for text in ["a", "al", "alp", "alph", "alpha", "alpha b", "alpha be", "alpha bet", "alpha beta 19999"] {
            last = searcher.search(SearchQuery(text)) { outcome in
                delivered.append(outcome.generation, (try? outcome.result.get().count) ?? -1)
                if outcome.query.words.last == "19999" { done.signal() }
            }
        }
        done.wait()
        let outcomes = delivered.all()
        #expect(outcomes.last?.generation == last)
        #expect(outcomes.last?.count == 1)
        #expect(outcomes.map(\.generation) == outcomes.map(\.generation).sorted())
    }
}

/// One outcome handed from the searcher's queue to the test.
final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: RowSearcher.Outcome?
    func set(_ value: RowSearcher.Outcome) { lock.withLock { outcome = value } }
    func get() -> RowSearcher.Outcome { lock.withLock { outcome! } }
}

/// The generations delivered, in delivery order, with their match counts.
final class DeliveredQueries: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [(generation: Int, count: Int)] = []
    func append(_ generation: Int, _ count: Int) { lock.withLock { list.append((generation, count)) } }
    func all() -> [(generation: Int, count: Int)] { lock.withLock { list } }
}
