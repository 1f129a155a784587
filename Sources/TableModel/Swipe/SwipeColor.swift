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

    public static let red = SwipeColor(red: 0.878, green: 0.106, blue: 0.141)
    public static let orange = SwipeColor(red: 1.0, green: 0.471, blue: 0.0)
    public static let blue = SwipeColor(red: 0.208, green: 0.518, blue: 0.894)
    public static let green = SwipeColor(red: 0.180, green: 0.761, blue: 0.494)
}
