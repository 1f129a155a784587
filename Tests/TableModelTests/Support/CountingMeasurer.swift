@testable import TableModel

/// A ``FixedAdvanceMeasurer`` that counts requests by text, to show what was re-measured.
final class CountingMeasurer: TextMeasuring {
    private let inner = FixedAdvanceMeasurer(advance: 8, lineHeight: 16)
    private(set) var requests: [String: Int] = [:]

    func measure(_ request: TextMeasureRequest) -> Size {
        requests[request.text, default: 0] += 1
        return inner.measure(request)
    }

    /// One request for the whole run of paragraphs, as the app's Pango measurer shapes it in one call.
    func paragraphHeights(_ request: TextMeasureRequest) -> [Double] {
        requests[request.text, default: 0] += 1
        return inner.paragraphHeights(request)
    }

    func reset() { requests = [:] }
}
