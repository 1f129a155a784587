/// The live batch marks made above the row-by-row limit (E3), oldest first, with what an
/// undo needs to put a row deleted alone back under the layers that covered it.
///
/// Invariant: `layers` have increasing serials, each at most `lastSerial`; a serial names one
/// layer ever (serials are never reused, so a row's stamp tells which layers it has seen).
struct MarkLayerStack {
    /// The live layers, oldest first.
    private(set) var layers: [BatchMarking] = []
    /// The serial of the newest layer ever made.
    private(set) var lastSerial = 0
    /// The serials of the live layers that covered each row deleted one by one.
    var coverageOfDeletedRows: [RowID: [Int]] = [:]
    /// Above this many selected rows a batch Flag or Done is a layer: ``Table/batchMarkLimit``,
    /// lowered by tests so small tables take both paths.
    var rowByRowLimit = Table.batchMarkLimit

    /// - Complexity: O(1).
    var isEmpty: Bool { layers.isEmpty }

    /// Makes `marking` the newest live layer, under a new serial, and returns the serial.
    ///
    /// - Complexity: O(1) amortised.
    mutating func push(_ marking: BatchMarking) -> Int {
        lastSerial += 1
        marking.serial = lastSerial
        layers.append(marking)
        return lastSerial
    }

    /// Takes `marking` off the stack if it is the newest live layer; returns whether it was.
    ///
    /// - Complexity: O(1).
    mutating func popNewest(_ marking: BatchMarking) -> Bool {
        guard layers.last === marking else { return false }
        layers.removeLast()
        return true
    }
}
