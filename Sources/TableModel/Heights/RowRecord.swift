/// One row as the height index stores it: identity, kind, height state and height.
struct RowRecord: Equatable, Sendable {
    var id: Int64
    var kind: RowKind
    var state: RowHeightState
    /// Height in `HeightUnits`; meaningless (zero) for an estimated row.
    var units: UInt32

    /// A row of unknown height.
    static func estimated(id: Int64, kind: RowKind) -> RowRecord {
        RowRecord(id: id, kind: kind, state: .estimated, units: 0)
    }

    /// The kind and state packed into the one byte a leaf stores per row.
    var packedFlags: UInt8 { kind.rawValue | state.rawValue << RowRecord.stateShift }

    static let stateShift: UInt8 = 3
    static let kindMask: UInt8 = (1 << stateShift) - 1

    init(id: Int64, kind: RowKind, state: RowHeightState, units: UInt32) {
        self.id = id
        self.kind = kind
        self.state = state
        self.units = state.hasHeightOfRecord ? units : 0
    }

    init(id: Int64, packedFlags: UInt8, units: UInt32) {
        self.init(
            id: id,
            kind: RowKind(rawValue: packedFlags & RowRecord.kindMask)!,
            state: RowHeightState(rawValue: packedFlags >> RowRecord.stateShift)!,
            units: units)
    }
}
