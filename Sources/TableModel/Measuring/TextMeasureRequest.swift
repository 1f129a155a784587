/// Everything needed to ask "how large is this text?".
public struct TextMeasureRequest: Hashable, Sendable {
    public var text: String
    public var font: FontDescription
    /// The width lines wrap at, or `nil` for unbounded.
    public var maxWidth: Double?
    public var wrap: WrapMode
    /// Whether ``text`` is Pango markup (tags and entities) rather than plain text.
    public var isMarkup: Bool

    /// - Complexity: O(1).
    public init(text: String, font: FontDescription, maxWidth: Double?, wrap: WrapMode, isMarkup: Bool = false) {
        self.text = text
        self.font = font
        self.maxWidth = maxWidth
        self.wrap = wrap
        self.isMarkup = isMarkup
    }
}
