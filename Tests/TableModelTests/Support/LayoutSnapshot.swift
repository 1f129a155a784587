@testable import TableModel

/// Everything observable about a `TableLayout`, to prove an update changed nothing.
struct LayoutSnapshot: Equatable, CustomStringConvertible {
    struct Row: Equatable {
        var id: RowID
        var kind: RowKind
        var state: RowHeightState
        var height: Double
    }

    var rows: [Row]
    var anchor: ScrollAnchor?
    var scrollOffset: Double
    var viewportHeight: Double
    var contentHeight: Double
    var estimates: [Double]
    var policies: [EstimatePolicy]

    init(_ layout: TableLayout) {
        var rows: [Row] = []
        let current = layout.index.estimates
        layout.index.forEachRow(from: 0) { row in
            let units = row.state.hasHeightOfRecord ? Int64(row.units) : current.units(for: row.kind)
            rows.append(Row(id: RowID(row.id), kind: row.kind, state: row.state, height: HeightUnits.points(units)))
            return true
        }
        self.rows = rows
        anchor = layout.anchor
        scrollOffset = layout.scrollOffset
        viewportHeight = layout.viewportHeight
        contentHeight = layout.contentHeight
        estimates = RowKind.allCases.map { layout.estimatedHeight(for: $0) }
        policies = RowKind.allCases.map { layout.estimatePolicy(for: $0) }
    }

    var description: String { "\(rows.count) rows, anchor \(String(describing: anchor)), offset \(scrollOffset)" }
}

/// Rows with ids 0..<count (times `idStride`), kinds cycling through `kinds`.
func makeRows(_ count: Int, kinds: [RowKind] = [.note, .toggle], idStride: Int64 = 1) -> [RowSpec] {
    (0..<count).map { RowSpec(id: RowID(Int64($0) * idStride), kind: kinds[$0 % kinds.count]) }
}

/// A layout with tiny index nodes, so splits and merges happen even in small tests.
func makeTinyLayout(
    _ rows: [RowSpec], estimate: EstimatePolicy = .fixed(10), viewportHeight: Double = 100
) throws -> TableLayout {
    try TableLayout(
        rows: rows, estimate: estimate, viewportHeight: viewportHeight, leafCapacity: 4, branchCapacity: 4)
}
