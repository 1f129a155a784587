extension TableError {
    /// The rejection in words for the person using the app, with no ids or internal terms
    /// (``description`` is the developer's version, for logs).
    ///
    /// - Complexity: O(1).
    public var userMessage: String {
        switch self {
        case .unknownRow: "That row no longer exists."
        case .wrongKind: "This row cannot do that."
        case .textTooLarge(_, let bytes, let limit):
            "This note is too long to keep (\(Self.megabytes(bytes)); the limit is \(Self.megabytes(limit))). The last change was not kept."
        case .invalidLength: "The window is too small or too large to lay the rows out."
        case .nothingToExpand: "This note already shows all its text."
        case .headerHasNoActions: "Section headers have no actions."
        case .unknownAction: "That action is not available for this row."
        case .layout: "The rows could not be laid out after that change, so it was not made."
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (Double(bytes) / 100_000).rounded() / 10
        return "\(tenths) MB"
    }
}
