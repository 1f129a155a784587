import TableModel

/// What a toast says about a row the table could not handle in full (P5): the model says
/// which problem it was (``RowProblem/Kind``), the app words it in the user's language and
/// names the row as a refusal does, by its kind and the start of its text.
enum RowProblemWording {
    /// `problem` as one sentence, naming its row as `model` holds it (a translation may
    /// begin with the name).
    ///
    /// - Complexity: O(1) expected.
    static func text(for problem: RowProblem, in model: Table) -> String {
        RefusalWording.sentence(words(for: problem, in: model))
    }

    private static func words(for problem: RowProblem, in model: Table) -> String {
        let name = model.row(problem.row).map(RefusalWording.rowName) ?? tr("a row that is gone")
        switch problem.kind {
        case .cutOff(let limit):
            return tr("The table cannot show all of {row}: it is cut off at {limit} pixels.")
                .filling(["row": name, "limit": Localization.grouped(limit)])
        case .notMeasured:
            return tr("Could not measure {row}, so it is shown at an estimated height.").filling(["row": name])
        case .notLaidOut:
            return tr("Could not lay out {row}; it keeps its last height.").filling(["row": name])
        case .stepDropped(let undo):
            return (undo ? tr("Could not undo the last change to {row}, so it was dropped from the history.")
                : tr("Could not redo the last change to {row}, so it was dropped from the history."))
                .filling(["row": name])
        }
    }
}
