import Foundation
import RowStore

/// Where the find bar's words occur in a note's text (F1), for highlighting: every word of the
/// text (split as the find index splits text, ``SearchQuery/isWordScalar(_:)``) that begins
/// with one of the query's words, with case and accents folded on both sides.
enum FindHighlights {
    /// One highlighted word: its UTF-8 byte range (for Pango) and its Unicode scalar range
    /// (for GtkTextBuffer offsets), both from the start of the text given.
    struct Match: Equatable {
        var bytes: Range<Int>
        var scalars: Range<Int>
    }

    /// The query's words folded, ready for ``matches(in:folded:)``.
    ///
    /// - Complexity: O(length of the words).
    static func fold(_ words: [String]) -> [String] {
        words.map(foldedForFind).filter { !$0.isEmpty }
    }

    /// The matches in `text`, in order.
    ///
    /// - Complexity: O(length of `text` × words).
    static func matches(in text: Substring, folded words: [String]) -> [Match] {
        guard !words.isEmpty else { return [] }
        var found: [Match] = []
        var byte = 0
        var scalar = 0
        var wordStart: (byte: Int, scalar: Int)?
        var current = String.UnicodeScalarView()
        func finishWord() {
            guard let start = wordStart else { return }
            let folded = foldedForFind(String(current))
            if words.contains(where: { folded.hasPrefix($0) }) {
                found.append(Match(bytes: start.byte..<byte, scalars: start.scalar..<scalar))
            }
            wordStart = nil
            current = String.UnicodeScalarView()
        }
        for unit in text.unicodeScalars {
            if SearchQuery.isWordScalar(unit) {
                if wordStart == nil { wordStart = (byte, scalar) }
                current.append(unit)
            } else {
                finishWord()
            }
            byte += unit.utf8.count
            scalar += 1
        }
        finishWord()
        return found
    }

    /// Whether every one of `words` (folded) begins a word of `text`: how find matches the
    /// rows the index does not hold (a rich row's loaded text).
    ///
    /// - Complexity: O(length of `text` × words).
    static func containsAll(_ words: [String], in text: Substring) -> Bool {
        guard !words.isEmpty else { return false }
        let found = Set(matches(in: text, folded: words).map { String(text.utf8.dropFirst($0.bytes.lowerBound).prefix($0.bytes.count)) ?? "" }
            .map(foldedForFind))
        return words.allSatisfy { word in found.contains { $0.hasPrefix(word) } }
    }

    private static func foldedForFind(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
