import TableModel

/// The unreadable-row notice in the user's language (P5). The model measures the message it is
/// given, so the app words each failure as the store reports it (``WordedRowSource``), before
/// the model sees it: the row is as tall as the words it shows. English is the store's own.
enum UnreadableRowWording {
    /// `failure` with its message in the user's language; a failure without a reason keeps
    /// its message.
    ///
    /// - Complexity: O(length of the message).
    static func worded(_ failure: RowReadFailure) -> RowReadFailure {
        guard let reason = failure.reason else { return failure }
        let message = switch reason {
        case .removed(let file):
            tr("This row is no longer in {file}: another program removed it. Nothing done here will change it.")
                .filling(["file": file])
        case .damaged(let file, let damage):
            // TRANSLATORS: {damage} is one of the "it has …" phrases below.
            tr("This row could not be read from {file}: it has {damage}. It is kept there as it is, and nothing done here will change it; restore the file from a backup to get the row back.")
                .filling(["file": file, "damage": words(for: damage)])
        }
        return RowReadFailure(message: message, reason: reason)
    }

    /// What the row has that does not make a row (`extra fields that are not a JSON object`).
    private static func words(for damage: RowReadFailure.Damage) -> String {
        switch damage {
        case .unknownKind(let name): tr("the unknown kind \"{kind}\"").filling(["kind": name])
        case .chipsNotAnArray: tr("chips that are not a JSON array")
        case .chipNotAString: tr("a chip that is not a string")
        case .extraFieldsNotAnObject: tr("extra fields that are not a JSON object")
        }
    }
}
