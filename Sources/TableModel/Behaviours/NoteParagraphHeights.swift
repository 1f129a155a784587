/// A note's text height kept per paragraph, so an edit re-measures only the paragraphs it
/// touched: typing in a note of a megabyte shapes one paragraph, not the whole text.
///
/// A paragraph is a run of text between newlines (`"a\n\nb"` has three), as GtkTextView and
/// ``TextMeasuring/paragraphHeights(_:)`` count them; the text's height is the sum of its
/// paragraphs' heights.
///
/// Invariant: `heights` holds one height per paragraph of `text`, each what the measuring
/// function gave for that paragraph, and `total` is their sum.
struct NoteParagraphHeights {
    /// The text these heights are for.
    private(set) var text: String
    private var heights: [Double]
    /// The text's height: the sum of its paragraphs' heights.
    private(set) var total: Double

    /// Measures every paragraph of `text`.
    ///
    /// - Parameter measure: the heights of the paragraphs of a run of whole paragraphs, in order.
    /// - Complexity: O(length of `text`) plus measuring it.
    init(text: String, measure: (Substring) -> [Double]) {
        self.text = text
        heights = measure(text[...])
        total = heights.reduce(0, +)
    }

    /// Where paragraph `index` starts: the sum of the heights of the paragraphs before it
    /// (nil past the last paragraph).
    ///
    /// - Complexity: O(index).
    func top(ofParagraph index: Int) -> Double? {
        guard heights.indices.contains(index) else { return nil }
        return heights[..<index].reduce(0, +)
    }

    /// Moves to `newText`, measuring again only the paragraphs that differ from the current
    /// text's: those the bytes between the common prefix and the common suffix reach into.
    ///
    /// - Complexity: O(length of the texts) byte comparisons and newline counts (no shaping),
    ///   O(paragraphs) to splice and sum the heights, plus measuring the changed paragraphs.
    mutating func update(to newText: String, measure: (Substring) -> [Double]) {
        guard newText != text else { return }
        let old = Array(text.utf8)
        let new = Array(newText.utf8)
        let newline = UInt8(ascii: "\n")
        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        // Paragraphs before the one holding the first changed byte, and those wholly after the
        // last: each newline in the common suffix starts an untouched paragraph.
        let before = old[..<prefix].lazy.filter { $0 == newline }.count
        let after = old[(old.count - suffix)...].lazy.filter { $0 == newline }.count
        // The changed paragraphs of the new text, as bytes: from the start of the paragraph
        // holding `prefix` to the end of the one holding the last changed byte.
        var start = prefix
        while start > 0, new[start - 1] != newline { start -= 1 }
        var end = new.count - suffix
        while end < new.count, new[end] != newline { end += 1 }
        let utf8 = newText.utf8
        let changed = newText[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
        let replaced = before..<(heights.count - after)
        heights.replaceSubrange(replaced, with: measure(changed))
        total = heights.reduce(0, +)
        text = newText
    }
}
