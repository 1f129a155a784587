/// The largest values the model accepts from outside (the file or the user).
/// Anything beyond them is rejected with a typed error before the model changes.
public enum RowLimits {
    /// The most UTF-8 bytes in one note's text, a title or a rich source path.
    public static let maxTextBytes = 10 * 1024 * 1024
    /// The most chips in one grid row.
    public static let maxChips = 10_000
    /// The most UTF-8 bytes in one chip.
    public static let maxChipBytes = 4096
    /// The widest row and the tallest viewport, in px (no screen comes near; it keeps
    /// measurers that work in fixed-point units, as Pango does, far from overflow).
    public static let maxViewLength: Double = 1_048_576
    /// Whether `value` can be a row width or a viewport height: finite, in `0...maxViewLength`.
    ///
    /// - Complexity: O(1).
    public static func isValidViewLength(_ value: Double) -> Bool {
        value.isFinite && value >= 0 && value <= maxViewLength
    }
    /// The deepest nesting of arrays and objects in a file, unknown fields included.
    public static let maxNestingDepth = 64
}
