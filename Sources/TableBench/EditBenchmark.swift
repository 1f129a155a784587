import TableModel

/// Times creating a note and moving a row (E1, E2) through the whole ``Table`` intent, on the
/// main thread's side of the app: the new row, the engine splice, the undo step and the
/// record of the one row to write (the write itself is off the main thread). The baselines
/// do the same splice on the naive list and the Fenwick list, which rebuild what follows it.
///
/// The table is in memory (content read from a store is not touched by either intent), its
/// rows mixed as ``EngineBenchmark/kind(ofRow:)`` mixes them, with one in ten measured.
struct EditBenchmark {
    let rowCount: Int
    let rounds: Int
    let calls: Int
    let linearCalls: Int

    init(rowCount: Int, quick: Bool) {
        self.rowCount = rowCount
        rounds = quick ? 3 : 21
        calls = quick ? 20 : 200
        linearCalls = quick ? 2 : max(1, min(200, 1_000_000 / rowCount))
    }

    func run() throws -> [Measurement] {
        let table = try makeTable()
        let specs = EngineBenchmark(rowCount: rowCount, quick: true).makeRows(measured: true)
        var naive = NaiveHeightList(rows: specs, estimate: EstimatePolicy.defaultInitialHeight, viewportHeight: EngineBenchmark.viewportHeight)
        var fenwick = FenwickHeightList(rows: specs, estimate: EstimatePolicy.defaultInitialHeight, viewportHeight: EngineBenchmark.viewportHeight)
        naive.scroll(toOffset: naive.contentHeight / 2)
        fenwick.scroll(toOffset: fenwick.contentHeight / 2)
        var random = SplitMix64(seed: EngineBenchmark.seed ^ 0xED17 ^ UInt64(rowCount))
        // Rows that are never headers (headers do not move), drawn up front.
        let movable = (0..<EngineBenchmark.sampleCount).map { _ in
            var row = Int.random(in: 0..<rowCount, using: &random)
            if EngineBenchmark.kind(ofRow: row) == .header { row = (row + 1) % rowCount }
            return Int64(row)
        }
        let mask = EngineBenchmark.sampleCount - 1
        var nextID = Int64(rowCount) + 1_000_000_000

        func median(calls: Int, _ body: (Int) -> Void) -> Double {
            Stopwatch.medianNanoseconds(rounds: rounds, operationsPerRound: calls, body)
        }
        let create = median(calls: calls) { call in
            let created = try? table.createNote(after: RowID(movable[call & mask]))
            EngineBenchmark.sink += created?.update.layout.scrollOffset ?? 0
        }
        let move = median(calls: calls) { call in
            let update = try? table.moveRow(RowID(movable[call & mask]), call & 1 == 0 ? .down : .up)
            EngineBenchmark.sink += update?.layout.scrollOffset ?? 0
        }
        func splice<List: SpliceableList>(_ list: inout List, moving: Bool) -> Double {
            median(calls: linearCalls) { call in
                let id = movable[call & mask]
                guard let index = list.index(of: id) else { return }
                if moving {
                    list.apply(deletes: [id], inserts: [(id, EngineBenchmark.kind(ofRow: Int(id)), min(index + 1, list.count - 1))])
                } else {
                    nextID += 1
                    list.apply(deletes: [], inserts: [(nextID, .note, index + 1)])
                }
                EngineBenchmark.sink += list.scrollOffset
            }
        }
        return [
            Measurement(operation: "create-note", rowCount: rowCount, engineNanoseconds: create,
                        naiveNanoseconds: splice(&naive, moving: false), fenwickNanoseconds: splice(&fenwick, moving: false)),
            Measurement(operation: "move-row", rowCount: rowCount, engineNanoseconds: move,
                        naiveNanoseconds: splice(&naive, moving: true), fenwickNanoseconds: splice(&fenwick, moving: true)),
        ]
    }

    /// A table of `rowCount` rows in memory, one in ten measured.
    private func makeTable() throws -> Table {
        var rows: [Row] = []
        rows.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            let id = RowID(Int64(row))
            let content: RowContent =
                switch EngineBenchmark.kind(ofRow: row) {
                case .header: .header(title: "Section \(row)")
                case .note: .note(text: "Note \(row)", expanded: false)
                case .toggle: .toggle(title: "Toggle \(row)", open: row & 1 == 0)
                case .grid: .grid(chips: ["a", "b"])
                case .rich: .rich(source: "rich/\(row).markup")
                case .web: .web(html: "<p>Web \(row)</p>")
                }
            rows.append(Row(id: id, content: content))
        }
        let table = try Table(file: RowsFile(rows: rows), width: 400, viewportHeight: EngineBenchmark.viewportHeight,
                              measurer: FixedAdvanceMeasurer())
        _ = try table.measure(stride(from: 0, to: rowCount, by: EngineBenchmark.measuredFraction).map { RowID(Int64($0)) })
        _ = table.scroll(toOffset: table.geometry.contentHeight / 2)
        return table
    }
}

/// The baselines' splice, as the edit bench uses it.
protocol SpliceableList {
    var count: Int { get }
    var scrollOffset: Double { get }
    func index(of id: Int64) -> Int?
    mutating func apply(deletes: [Int64], inserts: [(id: Int64, kind: RowKind, index: Int)])
}

extension NaiveHeightList: SpliceableList {}
extension FenwickHeightList: SpliceableList {}
