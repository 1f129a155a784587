/// A deterministic ``TextMeasuring`` for tests and headless tools: every character
/// (grapheme cluster) advances by the same width, every line is the same height.
///
/// It really wraps: greedy line filling at spaces for ``WrapMode/word`` and
/// ``WrapMode/wordChar``, at any character for ``WrapMode/char``, and always at `"\n"`.
/// Spaces at a soft break are dropped, as Pango does. Markup tags are stripped and the five
/// XML entities decoded before measuring. The font is ignored.
public struct FixedAdvanceMeasurer: TextMeasuring, Sendable {
    /// The width of every character.
    public var advance: Double
    /// The height of every line.
    public var lineHeight: Double

    /// A value that is not finite and greater than zero is replaced by the default
    /// (8 px advance, 16 px lines).
    ///
    /// - Complexity: O(1).
    public init(advance: Double = 8, lineHeight: Double = 16) {
        self.advance = advance.isFinite && advance > 0 ? advance : 8
        self.lineHeight = lineHeight.isFinite && lineHeight > 0 ? lineHeight : 16
    }

    /// - Complexity: O(n) in the length of the text.
    public func measure(_ request: TextMeasureRequest) -> Size {
        let text = request.isMarkup ? MarkupText.plainText(of: request.text) : request.text
        let limit: Int? = request.maxWidth.map { width in
            let columns = (max(width, 0) / advance).rounded(.down)
            // Past 2^53 columns every line fits; converting larger values would trap.
            guard columns.isFinite, columns < 0x1p53 else { return Int.max }
            return max(1, Int(columns))
        }
        var lines = 0
        var widest = 0
        for hardLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let (count, width) = layOut(hardLine, limit: limit, wrap: request.wrap)
            lines += count
            widest = max(widest, width)
        }
        return Size(width: Double(widest) * advance, height: Double(lines) * lineHeight)
    }

    /// Returns the number of visual lines and the widest line, in characters.
    private func layOut(_ line: Substring, limit: Int?, wrap: WrapMode) -> (lines: Int, width: Int) {
        guard let limit, wrap != .none else { return (1, line.count) }
        if wrap == .char {
            let count = line.count
            guard count > limit else { return (1, count) }
            return ((count + limit - 1) / limit, limit)
        }
        var lines = 1
        var current = 0          // characters on the current line
        var lineIsEmpty = true   // nothing placed yet, not even a space
        var widest = 0
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            let length = word.count
            let needed = lineIsEmpty ? length : current + 1 + length
            if needed <= limit || (lineIsEmpty && wrap == .word) {
                current = needed
                lineIsEmpty = false
            } else if !lineIsEmpty && length <= limit {
                widest = max(widest, current)
                lines += 1
                current = length
            } else if wrap == .word {
                widest = max(widest, current)
                lines += 1
                current = length
            } else {
                // wordChar: the word alone is too wide, so break it at characters.
                if !lineIsEmpty {
                    widest = max(widest, current)
                    lines += 1
                }
                lines += (length - 1) / limit
                current = length - ((length - 1) / limit) * limit
                if length > limit { widest = limit }
            }
            lineIsEmpty = false
        }
        return (lines, max(widest, current))
    }
}
