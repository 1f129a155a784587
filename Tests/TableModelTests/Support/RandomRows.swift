@testable import TableModel

extension RowRecord {
    /// A row for the seeded random tests: a random kind, then, with even odds, estimated or
    /// measured at `units` (drawn after the kind and the coin, so a seed replays the same rows).
    static func random(
        id: Int64, using random: inout SplitMix64, units: (inout SplitMix64) -> UInt32
    ) -> RowRecord {
        let kind = RowKind.allCases.randomElement(using: &random)!
        return Bool.random(using: &random)
            ? .estimated(id: id, kind: kind)
            : RowRecord(id: id, kind: kind, state: .measured, units: units(&random))
    }
}
