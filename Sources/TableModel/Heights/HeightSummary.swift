/// What an index node knows about the rows below it. Heights of estimated rows are
/// not stored: they are counted per kind and priced at the current estimates when
/// the summary is read, so changing an estimate costs O(1) and touches no node.
struct HeightSummary: Equatable, Sendable {
    /// Number of rows.
    var rows: Int = 0
    /// Sum of the heights of measured and stale rows, in `HeightUnits`.
    var knownUnits: Int64 = 0
    /// Rows per kind, one lane per `RowKind.rawValue`.
    var kindCounts: SIMD8<Int32> = .zero
    /// Estimated rows per kind, one lane per `RowKind.rawValue`.
    var estimatedCounts: SIMD8<Int32> = .zero

    static let zero = HeightSummary()

    /// The summary of a single row. Its lanes are set through a lane mask: a store to a
    /// lane picked at run time goes through the stack, and the vector's next load then
    /// waits for it.
    @inline(__always)
    init(_ row: RowRecord) {
        rows = 1
        let one = SIMD8<Int32>.zero.replacing(with: 1, where: HeightSummary.lane(row.kind))
        kindCounts = one
        if row.state.hasHeightOfRecord {
            knownUnits = Int64(row.units)
        } else {
            estimatedCounts = one
        }
    }

    /// The mask of `kind`'s lane.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func lane(_ kind: RowKind) -> SIMDMask<SIMD8<Int32>> {
        SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7) .== SIMD8(repeating: Int32(kind.rawValue))
    }

    init() {}

    /// Total height in `HeightUnits` with estimated rows priced at `estimates`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func units(at estimates: SIMD8<Int64>) -> Int64 {
        HeightSummary.units(known: knownUnits, estimated: estimatedCounts, at: estimates)
    }

    /// `known` units plus `estimated` rows per kind priced at `estimates`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func units(known: Int64, estimated: SIMD8<Int32>, at estimates: SIMD8<Int64>) -> Int64 {
        // Scalar over the kinds in use: 64-bit lane multiplies have no baseline x86-64 vector form.
        var total = known
        for lane in 0..<kindLanes {
            total &+= Int64(estimated[lane]) &* estimates[lane]
        }
        return total
    }

    /// Lanes in use: one per `RowKind`.
    static let kindLanes = RowKind.allCases.count


    static func += (lhs: inout HeightSummary, rhs: HeightSummary) {
        lhs.rows += rhs.rows
        lhs.knownUnits += rhs.knownUnits
        lhs.kindCounts &+= rhs.kindCounts
        lhs.estimatedCounts &+= rhs.estimatedCounts
    }

    static func -= (lhs: inout HeightSummary, rhs: HeightSummary) {
        lhs.rows -= rhs.rows
        lhs.knownUnits -= rhs.knownUnits
        lhs.kindCounts &-= rhs.kindCounts
        lhs.estimatedCounts &-= rhs.estimatedCounts
    }

    static func - (lhs: HeightSummary, rhs: HeightSummary) -> HeightSummary {
        var result = lhs
        result -= rhs
        return result
    }

    static prefix func - (summary: HeightSummary) -> HeightSummary {
        HeightSummary.zero - summary
    }
}
