@testable import TableModel

/// A ``FixedAdvanceMeasurer`` (8 px characters, 16 px lines) that breaks on purpose, so
/// tests can show one bad measurement never stops the table: text containing
/// ``unmeasurableMark`` measures NaN tall, and text containing ``towerMark`` measures
/// ``towerHeight``, far above the engine's per-row limit.
struct PoisonedMeasurer: TextMeasuring {
    static let unmeasurableMark = "💥"
    static let towerMark = "🗼"
    static let towerHeight = 1e12

    private let inner = FixedAdvanceMeasurer(advance: 8, lineHeight: 16)

    func measure(_ request: TextMeasureRequest) -> Size {
        if request.text.contains(Self.unmeasurableMark) { return Size(width: 10, height: .nan) }
        if request.text.contains(Self.towerMark) { return Size(width: 10, height: Self.towerHeight) }
        return inner.measure(request)
    }
}
