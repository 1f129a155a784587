/// An action's background colour, components in 0...1 (sRGB).
public struct SwipeColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// - Complexity: O(1).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The hex form for CSS, such as `#e01b24`.
    ///
    /// - Complexity: O(1).
    public var cssHex: String {
        func byte(_ value: Double) -> String {
            let unit = value.isNaN ? 0 : min(max(value, 0), 1)
            let clamped = Int((unit * 255).rounded())
            let digits = String(clamped, radix: 16)
            return clamped < 16 ? "0" + digits : digits
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }

    // Each keeps white 12 px bold titles at WCAG AA contrast (at least 4.5:1, W12):
    // red 6.1:1, orange 4.9:1, blue 4.8:1, green 5.3:1.
    public static let red = SwipeColor(red: 0.753, green: 0.110, blue: 0.157)
    public static let orange = SwipeColor(red: 0.776, green: 0.275, blue: 0.0)
    public static let blue = SwipeColor(red: 0.110, green: 0.443, blue: 0.847)
    public static let green = SwipeColor(red: 0.122, green: 0.478, blue: 0.302)
}
