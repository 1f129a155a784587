import Foundation
import Testing
@testable import TableBench
@testable import TableModel

/// The bench's baselines must answer exactly as the engine does, or their timings mean
/// nothing: seeded random operations on a `TableLayout` (tiny nodes, fixed estimates, which is
/// what the baselines keep), a `FenwickHeightList` and a `NaiveHeightList`, compared after
/// every step. Replay a failure with `TABLE_SEED=<seed> swift test --filter BaselineAgreement`.
@Suite struct BaselineAgreementTests {
    static let runs = 4
    static let operationsPerRun = 1_500
    static let estimate = 44.0

    @Test(arguments: 0..<runs)
    func baselinesAgreeWithTheEngine(run: Int) throws {
        let environment = ProcessInfo.processInfo.environment["TABLE_SEED"].flatMap(UInt64.init)
        let seed = environment ?? 0xFE4_0000 + UInt64(run)
        var random = SplitMix64(seed: seed)
        let initialCount = Int.random(in: 1...400, using: &random)
        let rows = (0..<initialCount).map { row in
            RowSpec(id: RowID(Int64(row)), kind: RowKind.allCases.randomElement(using: &random)!,
                    measuredHeight: Bool.random(using: &random) ? Double(Int.random(in: 0...120, using: &random)) : nil)
        }
        let layout = try TableLayout(rows: rows, estimate: .fixed(Self.estimate), viewportHeight: 300,
                                     leafCapacity: 4 + run % 2, branchCapacity: 4 + run % 3)
        var fenwick = FenwickHeightList(rows: rows, estimate: Self.estimate, viewportHeight: 300)
        var naive = NaiveHeightList(rows: rows, estimate: Self.estimate, viewportHeight: 300)
        var nextID = Int64(initialCount)

        for step in 0..<Self.operationsPerRun {
            let context = "seed \(seed) step \(step)"
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<40 where layout.count > 0:
                let id = layout.id(at: Int.random(in: 0..<layout.count, using: &random))
                let height = Double(Int.random(in: 0...150, using: &random))
                _ = try layout.setMeasuredHeight(height, for: id)
                fenwick.setMeasuredHeight(height, for: id.rawValue)
                naive.setMeasuredHeight(height, for: id.rawValue)
            case 40..<50:
                let kind = RowKind.allCases.randomElement(using: &random)!
                let height = Double(Int.random(in: 20...80, using: &random))
                _ = try layout.setEstimatePolicy(.fixed(height), for: kind)
                fenwick.setEstimate(height, for: kind)
                naive.setEstimate(height, for: kind)
            case 50..<70:
                let offset = Double(Int.random(in: 0...Int(layout.contentHeight), using: &random))
                layout.scroll(toOffset: offset)
                fenwick.scroll(toOffset: offset)
                naive.scroll(toOffset: offset)
            default:
                let anchor = layout.anchor?.id.rawValue
                let deletes = Set((0..<Int.random(in: 0...3, using: &random)).compactMap { _ -> Int64? in
                    guard layout.count > 1 else { return nil }
                    let id = layout.id(at: Int.random(in: 0..<layout.count, using: &random)).rawValue
                    return id == anchor ? nil : id
                })
                let after = layout.count - deletes.count
                var destinations = Set<Int>()
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    destinations.insert(Int.random(in: 0...after + destinations.count, using: &random))
                }
                // After-state indices are valid only if each is below the final count.
                let finalCount = after + destinations.count
                let inserts = destinations.filter { $0 < finalCount }.map { index -> (id: Int64, kind: RowKind, index: Int) in
                    defer { nextID += 1 }
                    return (nextID, RowKind.allCases.randomElement(using: &random)!, index)
                }
                guard inserts.count == destinations.count else { continue }
                var batch = BatchUpdate()
                for id in deletes { batch.delete(RowID(id)) }
                for insert in inserts { batch.insert(RowSpec(id: RowID(insert.id), kind: insert.kind), at: insert.index) }
                _ = try layout.performBatch(batch)
                fenwick.apply(deletes: Array(deletes), inserts: inserts)
                naive.apply(deletes: Array(deletes), inserts: inserts)
            }
            try check(layout, fenwick, "Fenwick, \(context)", using: &random)
            try check(layout, naive, "naive, \(context)", using: &random)
        }
    }

    private func check<Baseline: HeightBaseline>(
        _ layout: TableLayout, _ list: Baseline, _ context: String, using random: inout SplitMix64
    ) throws {
        try #require(list.count == layout.count, "\(context)")
        #expect(list.contentHeight == layout.contentHeight, "\(context)")
        #expect(list.scrollOffset == layout.scrollOffset, "\(context)")
        #expect(list.anchorID == layout.anchor?.id.rawValue, "\(context)")
        guard layout.count > 0 else { return }
        for _ in 0..<4 {
            let position = Int.random(in: 0...layout.count, using: &random)
            #expect(list.offset(ofRow: position) == layout.offset(ofRow: position), "\(context) offset of \(position)")
            if position < layout.count {
                #expect(list.id(at: position) == layout.id(at: position).rawValue, "\(context) id at \(position)")
            }
            let y = Double(Int.random(in: 0...Int(layout.contentHeight) + 1, using: &random))
            let hit = list.row(atOffset: y)
            let expected = try #require(layout.row(atOffset: y))
            #expect(list.id(at: hit.index) == expected.id.rawValue, "\(context) row at \(y)")
            #expect(hit.offsetInRow == expected.offsetInRow, "\(context) offset in row at \(y)")
        }
    }
}
