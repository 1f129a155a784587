extension Row {
    /// The most characters of a row's text quoted in ``userFacingName``.
    static let quotedPrefixLength = 32

    /// How a message to the user names this row: by its kind and the start of its text
    /// (`the note “Buy milk”`, `the grid of 30 chips`), never by its internal id.
    ///
    /// - Complexity: O(leading whitespace + ``quotedPrefixLength``).
    public var userFacingName: String {
        switch content {
        case .header(let title): "the section “\(Row.quoted(title))”"
        case .note(let text, _): text.allSatisfy(\.isWhitespace) ? "an empty note" : "the note “\(Row.quoted(text))”"
        case .toggle(let title, _): "the row “\(Row.quoted(title))”"
        case .grid(let chips): chips.count == 1 ? "the grid of 1 chip" : "the grid of \(chips.count) chips"
        case .rich: "a rich card"
        }
    }

    /// The first line of `text`, without leading whitespace, cut to ``quotedPrefixLength``
    /// characters with an ellipsis.
    private static func quoted(_ text: String) -> String {
        let firstLine = text.drop(while: \.isWhitespace).prefix { $0 != "\n" && $0 != "\r" }
        guard firstLine.prefix(quotedPrefixLength + 1).count > quotedPrefixLength else { return String(firstLine) }
        return firstLine.prefix(quotedPrefixLength) + "…"
    }
}
