@testable import TableModel

/// The obvious, slow model the height index must agree with: an array of rows with
/// linear scans for every query, and estimates recomputed from scratch.
struct ReferenceHeights {
    var rows: [RowRecord] = []
    var policies = Array(repeating: EstimatePolicy.standard, count: RowKind.allCases.count)

    func estimate(for kind: RowKind) -> Int64 { estimates()[Int(kind.rawValue)] }

    /// Every kind's estimate in `HeightUnits`, indexed by raw value.
    func estimates() -> [Int64] {
        var sums = Array(repeating: Int64(0), count: RowKind.allCases.count)
        var counts = sums
        for row in rows where row.state.hasHeightOfRecord {
            sums[Int(row.kind.rawValue)] += Int64(row.units)
            counts[Int(row.kind.rawValue)] += 1
        }
        return RowKind.allCases.map { kind in
            let lane = Int(kind.rawValue)
            switch policies[lane] {
            case .fixed(let height): return HeightUnits.units(height)
            case .learned(let initial):
                return counts[lane] == 0 ? HeightUnits.units(initial) : (sums[lane] + counts[lane] / 2) / counts[lane]
            }
        }
    }

    /// Every row's laid-out height in `HeightUnits`.
    func heights() -> [Int64] {
        let estimates = estimates()
        return rows.map { $0.state.hasHeightOfRecord ? Int64($0.units) : estimates[Int($0.kind.rawValue)] }
    }

    /// Top of every row plus, last, the total height, in `HeightUnits`.
    func offsets() -> [Int64] {
        var result: [Int64] = [0]
        result.reserveCapacity(rows.count + 1)
        for height in heights() { result.append(result[result.count - 1] + height) }
        return result
    }

    var total: Int64 { heights().reduce(0, +) }

    /// The first row whose bottom is below `y`, else the last row; from precomputed `offsets()`.
    static func row(atOffset y: Int64, offsets: [Int64]) -> (index: Int, top: Int64)? {
        guard offsets.count > 1 else { return nil }
        for index in 0..<offsets.count - 2 where y < offsets[index + 1] { return (index, offsets[index]) }
        return (offsets.count - 2, offsets[offsets.count - 2])
    }

    func index(of id: Int64) -> Int? { rows.firstIndex { $0.id == id } }

    /// Where the viewport's top lies inside the anchor row after a change, the scrolling rule
    /// stated plainly: `offset` px below the row's top, as before, unless the row shrank so
    /// that it no longer reaches that far; then the row's end stays where it was on screen if
    /// it was in the viewport, else the row's top comes to the viewport's top.
    static func offsetInAnchorRow(
        _ offset: Double, heightBefore: Double, heightAfter: Double, viewportHeight: Double
    ) -> Double {
        let rowHeldTheAnchor = offset < heightBefore
        let rowNoLongerReachesIt = offset >= heightAfter
        guard rowHeldTheAnchor && rowNoLongerReachesIt else { return offset }
        let endBelowViewportTop = heightBefore - offset
        return endBelowViewportTop <= viewportHeight ? heightAfter - endBelowViewportTop : 0
    }
}
