@testable import TableModel

/// A ``FixedAdvanceMeasurer`` (8 px characters, 16 px lines) that breaks on purpose, so
/// tests can show one bad measurement never stops the table: text containing
/// ``unmeasurableMark`` measures NaN tall, and text containing ``towerMark`` measures
/// ``towerHeight``, far above the engine's per-row limit.
struct PoisonedMeasurer: TextMeasuring {
    static let unmeasurableMark = "💥"
    static let towerMark = "🗼"
    private static let unmeasurableScalar: Unicode.Scalar = "💥"
    private static let towerScalar: Unicode.Scalar = "🗼"
    static let towerHeight = 1e12

    private let inner = FixedAdvanceMeasurer(advance: 8, lineHeight: 16)

    /// Whether `text` measures NaN or tower-tall here.
    static func isPoisoned(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == unmeasurableScalar || $0 == towerScalar }
    }

    func measure(_ request: TextMeasureRequest) -> Size {
        let scalars = request.text.unicodeScalars
        if scalars.contains(Self.unmeasurableScalar) { return Size(width: 10, height: .nan) }
        if scalars.contains(Self.towerScalar) { return Size(width: 10, height: Self.towerHeight) }
        return inner.measure(request)
    }
}
