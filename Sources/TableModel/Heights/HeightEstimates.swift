/// The current estimate of every kind and the running statistics it is learned from.
///
/// Invariant: `current[k]` is the fixed height for a `.fixed` kind; for a `.learned` kind it is
/// the rounded mean of `knownSums[k] / knownCounts[k]`, or the initial height while the count is 0.
struct HeightEstimates: Sendable {
    /// Estimate per kind lane, in `HeightUnits`.
    private(set) var current: SIMD8<Int64> = .zero
    private var policies: [EstimatePolicy]
    /// Sum and count of the heights of rows with a height of record, per kind lane.
    private(set) var knownSums: SIMD8<Int64> = .zero
    private(set) var knownCounts: SIMD8<Int64> = .zero
    /// What to add to a leaf's stored units to get a row's laid-out height, indexed by the
    /// row's `RowRecord.packedFlags`: the kind's estimate for an estimated row (whose flags are
    /// its kind's lane, the estimated state being 0), else 0. A table rather than a branch on
    /// the state and a lane pick keeps leaf scans to two loads and an add per row.
    /// Invariant: `addendByFlags[lane] == current[lane]` for each lane; every other entry is 0.
    private(set) var addendByFlags = [Int64](repeating: 0, count: HeightEstimates.flagValues)

    /// Distinct packed flag bytes: 3 kind bits and 2 state bits.
    static let flagValues = 32
    /// Counts the changes of `current`, from 1: caches priced at one generation are exact until
    /// the next (see `HeightIndex.innerUnitsBefore`, `BlockTops`).
    private(set) var generation: UInt64 = 1

    init(policy: EstimatePolicy = .standard) {
        policies = Array(repeating: policy, count: RowKind.allCases.count)
        for kind in RowKind.allCases { refresh(kind) }
    }

    /// - Complexity: O(1).
    func policy(for kind: RowKind) -> EstimatePolicy { policies[Int(kind.rawValue)] }

    /// - Complexity: O(1).
    func units(for kind: RowKind) -> Int64 { current[Int(kind.rawValue)] }

    /// - Complexity: O(1).
    mutating func setPolicy(_ policy: EstimatePolicy, for kind: RowKind) {
        policies[Int(kind.rawValue)] = policy
        refresh(kind)
    }

    /// Counts a row's height of record into its kind's mean.
    ///
    /// - Complexity: O(1).
    mutating func add(_ units: UInt32, kind: RowKind) {
        change(kind, units: Int64(units), rows: 1)
    }

    /// Takes a row's height of record out of its kind's mean.
    ///
    /// - Complexity: O(1).
    mutating func remove(_ units: UInt32, kind: RowKind) {
        change(kind, units: -Int64(units), rows: -1)
    }

    /// Replaces a row's height of record (`nil`: it has none) in its kind's mean, in one
    /// update of the estimate.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    mutating func replace(_ old: UInt32?, with new: UInt32?, kind: RowKind) {
        let units = Int64(new ?? 0) - Int64(old ?? 0)
        let rows: Int64 = (new == nil ? 0 : 1) - (old == nil ? 0 : 1)
        if units != 0 || rows != 0 { change(kind, units: units, rows: rows) }
    }

    /// Adds `units` and `rows` to `kind`'s statistics and refreshes its estimate. The lanes
    /// are changed through a mask (a store to a lane picked at run time goes through the
    /// stack and stalls the vector's next load).
    @inline(__always)
    private mutating func change(_ kind: RowKind, units: Int64, rows: Int64) {
        let lane = HeightEstimates.lane(kind)
        knownSums &+= SIMD8<Int64>.zero.replacing(with: units, where: lane)
        knownCounts &+= SIMD8<Int64>.zero.replacing(with: rows, where: lane)
        refresh(kind)
    }

    /// The mask of `kind`'s lane.
    @inline(__always)
    private static func lane(_ kind: RowKind) -> SIMDMask<SIMD8<Int64>> {
        SIMD8<Int64>(0, 1, 2, 3, 4, 5, 6, 7) .== SIMD8(repeating: Int64(kind.rawValue))
    }

    private mutating func refresh(_ kind: RowKind) {
        let lane = Int(kind.rawValue)
        let value: Int64
        switch policies[lane] {
        case .fixed(let height):
            value = HeightUnits.units(height)
        case .learned(let initial):
            let count = knownCounts[lane]
            value = count == 0 ? HeightUnits.units(initial) : (knownSums[lane] + count / 2) / count
        }
        if addendByFlags[lane] != value {
            current.replace(with: value, where: HeightEstimates.lane(kind))
            addendByFlags[lane] = value
            generation &+= 1
        }
    }
}
