import Testing

@testable import TableModel

/// The selection as ranges of positions (E3), against a plain `Set` of positions.
@Suite struct RowSelectionTests {
    @Test func selectingEveryRowOfAMillionIsOneRange() {
        var selection = RowSelection()
        selection.insert(0..<1_000_000)
        #expect(selection.ranges == [0..<1_000_000] && selection.count == 1_000_000)
        selection.toggle(500_000)
        #expect(selection.ranges == [0..<500_000, 500_001..<1_000_000] && selection.count == 999_999)
        selection.rowsRemoved(10..<20)
        #expect(selection.ranges == [0..<499_990, 499_991..<999_990])
        selection.rowsInserted(at: 5, count: 2)
        #expect(selection.ranges == [0..<5, 7..<499_992, 499_993..<999_992] && !selection.contains(5))
        selection._checkInvariants()
    }

    @Test func appendingInOrderMergesTouchingRangesAndCounts() {
        var selection = RowSelection()
        selection.append(3..<5)
        selection.append(5..<6)
        selection.append(8..<8)
        selection.append(9..<12)
        #expect(selection.ranges == [3..<6, 9..<12] && selection.count == 6)
        selection._checkInvariants()
    }

    @Test func randomOperationsAgreeWithASetOfPositions() {
        let seed = TestSeed.make()
        var random = SplitMix64(seed: seed)
        var selection = RowSelection()
        var reference = Set<Int>()
        var rowCount = 200
        for step in 0..<3_000 {
            let a = Int.random(in: 0..<max(1, rowCount), using: &random)
            let b = Int.random(in: a...max(a, rowCount), using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0:
                selection.insert(a..<b)
                reference.formUnion(a..<b)
            case 5:
                // Sorted pieces of a..<b with gaps, some empty, some touching.
                var pieces: [Range<Int>] = []
                var start = a
                while start < b {
                    let end = Int.random(in: start...b, using: &random)
                    pieces.append(start..<end)
                    start = end + Int.random(in: 0...2, using: &random)
                }
                selection.formUnion(pieces)
                for piece in pieces { reference.formUnion(piece) }
            case 1:
                selection.remove(a..<b)
                reference.subtract(a..<b)
            case 2:
                selection.toggle(a)
                if !reference.insert(a).inserted { reference.remove(a) }
            case 3:
                let inserted = Int.random(in: 1...3, using: &random)
                selection.rowsInserted(at: a, count: inserted)
                reference = Set(reference.map { $0 >= a ? $0 + inserted : $0 })
                rowCount += inserted
            case 4:
                selection.rowsRemoved(a..<b)
                reference = Set(reference.filter { !(a..<b).contains($0) }.map { $0 >= b ? $0 - (b - a) : $0 })
                rowCount -= b - a
            default:
                if Int.random(in: 0..<20, using: &random) == 0 {
                    selection.removeAll()
                    reference.removeAll()
                }
            }
            selection._checkInvariants()
            #expect(selection.count == reference.count, "seed \(seed), step \(step)")
            let flattened = selection.ranges.flatMap { Array($0) }
            #expect(flattened == reference.sorted(), "seed \(seed), step \(step)")
            if flattened != reference.sorted() { return }
        }
    }
}
