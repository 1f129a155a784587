/// What measuring rows learned at the table's current width and metrics, kept so nothing is
/// measured twice: each note's paragraph heights, each grid row's flow, each chip label's
/// size, and the rows whose last measurement gave no usable height.
///
/// Invariants (checked by ``Table/_checkInvariants()``): every row named is a row of the
/// table, of the right kind; a note's heights are for its current text. A row's entries go
/// when it is deleted (``forget(_:)``, ``keep(where:)``); everything
/// but the chip sizes goes when the width changes (``forgetRows()``), and the chip sizes too
/// when the metrics do.
struct MeasuringMemo {
    /// Each measured note's content height, per paragraph (so an edit re-measures only the
    /// paragraphs it changed).
    var noteHeights: [RowID: NoteParagraphHeights] = [:]
    /// Each measured grid row's flow of chips.
    var gridFlows: [RowID: FlowLayout] = [:]
    /// Each chip label's size: it does not depend on the width, so it is never measured twice (G2).
    var chipSizes: [String: Size] = [:]
    /// Rows whose last measurement gave no usable height (reported once); layout passes
    /// skip them until their content or the width changes.
    var unmeasurable: Set<RowID> = []

    /// Drops what was learned about row `id`, which was deleted.
    ///
    /// - Complexity: O(1) expected.
    mutating func forget(_ id: RowID) {
        noteHeights[id] = nil
        gridFlows[id] = nil
        unmeasurable.remove(id)
    }

    /// Keeps only what was learned about rows for which `isListed` holds (after rows were
    /// deleted in bulk).
    ///
    /// - Complexity: O(r) for r rows remembered.
    mutating func keep(where isListed: (RowID) -> Bool) {
        noteHeights = noteHeights.filter { isListed($0.key) }
        gridFlows = gridFlows.filter { isListed($0.key) }
        unmeasurable = unmeasurable.filter(isListed)
    }

    /// Drops what was learned about every row (the width or the metrics changed); the chip
    /// sizes stay.
    ///
    /// - Complexity: O(r) for r rows remembered.
    mutating func forgetRows() {
        noteHeights.removeAll(keepingCapacity: true)
        gridFlows.removeAll(keepingCapacity: true)
        unmeasurable.removeAll()
    }
}
