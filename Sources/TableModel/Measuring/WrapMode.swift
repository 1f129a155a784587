/// Where a line of text may break when it reaches the maximum width.
/// The cases match `PangoWrapMode`, plus ``none``.
public enum WrapMode: Sendable, Hashable, CaseIterable {
    /// Never break; only hard newlines start a new line.
    case none
    /// Break between words; a word longer than the width overflows it.
    case word
    /// Break between any two characters.
    case char
    /// Break between words, and inside a word only when it alone is wider than the line.
    case wordChar
}
