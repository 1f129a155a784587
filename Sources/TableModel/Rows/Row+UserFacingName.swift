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
        case .web: "a web card"
        }
    }

    /// The start of the text or title ``userFacingName`` quotes (`Buy milk`), for a caller that
    /// words the name itself; nil for a row with no text of its own or only whitespace.
    ///
    /// - Complexity: O(leading whitespace + ``quotedPrefixLength``).
    public var quotedExcerpt: String? {
        switch content {
        case .header(let title), .toggle(let title, _): title.allSatisfy(\.isWhitespace) ? nil : Row.quoted(title)
        case .note(let text, _): text.allSatisfy(\.isWhitespace) ? nil : Row.quoted(text)
        case .grid, .rich, .web: nil
        }
    }

    /// The most characters of a row's text a toast quotes (``toastExcerpt``).
    static let toastExcerptLength = 20

    /// How a toast names this row (P4): the start of its text or title in quotes, cut after a
    /// whole word within ``toastExcerptLength`` characters (`“Groceries: oat milk…”`), or,
    /// for a row with no text of its own, ``userFacingName``.
    ///
    /// - Complexity: O(leading whitespace + ``toastExcerptLength``).
    public var toastExcerpt: String {
        textExcerpt.map { "“\($0)”" } ?? userFacingName
    }

    /// The start of the row's text or title as a toast quotes it (`Groceries: oat milk…`),
    /// without quotes; nil for a row with no text of its own or only whitespace.
    ///
    /// - Complexity: O(leading whitespace + ``toastExcerptLength``).
    public var textExcerpt: String? {
        let text: String
        switch content {
        case .header(let title), .toggle(let title, _): text = title
        case .note(let body, _): text = body
        case .grid, .rich, .web: return nil
        }
        return text.allSatisfy(\.isWhitespace) ? nil : Row.excerpt(text)
    }

    /// The first line of `text`, without leading whitespace, cut at the last word boundary
    /// within ``toastExcerptLength`` characters (or inside a longer first word), without
    /// trailing punctuation, with an ellipsis when cut.
    private static func excerpt(_ text: String) -> String {
        let firstLine = text.drop(while: \.isWhitespace).prefix { $0 != "\n" && $0 != "\r" }
        guard firstLine.prefix(toastExcerptLength + 1).count > toastExcerptLength else { return String(firstLine) }
        let cut = firstLine.prefix(toastExcerptLength + 1)
        let words = cut.lastIndex(where: \.isWhitespace).map { cut[..<$0] } ?? cut.prefix(toastExcerptLength)
        let trimmed = words.reversed().drop { $0.isWhitespace || $0.isPunctuation }.reversed()
        return String(trimmed.isEmpty ? cut.prefix(toastExcerptLength) : Substring(trimmed)) + "…"
    }

    /// The first line of `text`, without leading whitespace, cut to ``quotedPrefixLength``
    /// characters with an ellipsis.
    private static func quoted(_ text: String) -> String {
        let firstLine = text.drop(while: \.isWhitespace).prefix { $0 != "\n" && $0 != "\r" }
        guard firstLine.prefix(quotedPrefixLength + 1).count > quotedPrefixLength else { return String(firstLine) }
        return firstLine.prefix(quotedPrefixLength) + "…"
    }
}
