/// The start of a row's text, as messages quote it to name the row (the app words the
/// sentences around it, in the user's language): never the row's internal id.
extension Row {
    /// The most characters of a row's text ``quotedExcerpt`` keeps.
    static let quotedPrefixLength = 32

    /// The start of the text or title a message quotes to name the row (`Buy milk`); nil for
    /// a row with no text of its own or only whitespace.
    ///
    /// - Complexity: O(leading whitespace + ``quotedPrefixLength``).
    public var quotedExcerpt: String? {
        switch content {
        case .header(let title), .toggle(let title, _): title.allSatisfy(\.isWhitespace) ? nil : Row.quoted(title)
        case .note(let text, _): text.allSatisfy(\.isWhitespace) ? nil : Row.quoted(text)
        case .grid, .rich, .web: nil
        }
    }

    /// The most characters of a row's text a toast quotes (``textExcerpt``).
    static let toastExcerptLength = 20

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
