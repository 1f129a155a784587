/// What the user typed into the find bar, as the words of an FTS5 query over `rows_search`
/// (F1, F3): every word must occur in a row, the last one as a prefix ("lem" finds "lemons").
///
/// Words are split exactly as the index's tokenizer splits text: a word is a run of letters,
/// digits, private-use characters and combining marks (so a Devanagari word keeps its vowel
/// signs); everything else separates words. Each word is quoted, so nothing the user types
/// is ever read as FTS5 syntax (`AND`, `NEAR`, `*`, quotes, column filters).
public struct SearchQuery: Sendable, Hashable {
    /// The words, in the order typed.
    public let words: [String]

    /// - Complexity: O(length of `text`).
    public init(_ text: String) {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if Self.isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        self.words = words
    }

    /// Whether there is nothing to search for (an empty entry, or only spaces and punctuation):
    /// every row is shown.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { words.isEmpty }

    /// The FTS5 `MATCH` expression: the quoted words, the last followed by `*`. Nil when
    /// ``isEmpty``.
    ///
    /// - Complexity: O(length of the words).
    public var matchExpression: String? {
        guard !words.isEmpty else { return nil }
        // A word holds no quote (a quote is not a word character), so quoting needs no escape.
        return words.map { "\"\($0)\"" }.joined(separator: " ") + "*"
    }

    /// The last word as the index stores its terms, when the searcher should look up the
    /// terms it begins (``matchExpression(completingLastWordWith:)``): only a word of at
    /// least 4 characters, longer than the index's prefix indexes (``RowSchema``: 2 and 3), so
    /// FTS5 would otherwise merge every term it begins on the fly; and only an ASCII word,
    /// whose folding (`unicode61` lowercases, and ASCII has no diacritics) is known here.
    ///
    /// - Complexity: O(length of the last word).
    public var lastWordTermPrefix: String? {
        guard let last = words.last, last.unicodeScalars.count >= 4, last.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
        return last.lowercased()
    }

    /// ``matchExpression`` with the last word's prefix replaced by `terms`, every index term
    /// it begins (at least one): a few exact terms cost FTS5 less than a prefix it has no index
    /// for. Nil when ``isEmpty`` or `terms` is empty (no row can match).
    ///
    /// - Complexity: O(length of the words and terms).
    public func matchExpression(completingLastWordWith terms: [String]) -> String? {
        guard !words.isEmpty, !terms.isEmpty else { return nil }
        let quoted = { (word: String) in "\"\(word)\"" }
        let last = "(" + terms.map(quoted).joined(separator: " OR ") + ")"
        // FTS5 joins phrases by a space, but a bracketed group needs an explicit AND.
        return (words.dropLast().map(quoted) + [last]).joined(separator: " AND ")
    }

    /// The tokenizer's word characters (`categories 'L* N* Co M*'` in ``RowSchema``).
    public static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .privateUse,
             .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }
}
