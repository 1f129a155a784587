/// The font a piece of text is measured and drawn in.
///
/// A small value the model can compare and cache by; the GTK side turns it into a
/// `PangoFontDescription`.
public struct FontDescription: Hashable, Sendable {
    /// How heavy the strokes are, on the CSS / Pango scale of 100 (thin) to 900 (heavy).
    public struct Weight: Hashable, Sendable, Comparable {
        public let value: Int

        /// A weight of `value`, clamped to 100...1000 (a font setting may name any number).
        ///
        /// - Complexity: O(1).
        public init(_ value: Int) {
            self.value = min(max(value, 100), 1000)
        }

        public static let regular = Weight(400)
        public static let bold = Weight(700)

        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.value < rhs.value }
    }

    /// A family name such as "Cantarell" or "Sans"; the renderer falls back as usual.
    public var family: String
    /// The size in logical pixels.
    public var size: Double
    public var weight: Weight

    /// - Complexity: O(1).
    public init(family: String = "Sans", size: Double = 14, weight: Weight = .regular) {
        self.family = family
        self.size = size
        self.weight = weight
    }
}
