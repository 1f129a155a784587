/// A width and a height in logical pixels.
///
/// Invariant: both components are finite and not negative. Public entry points that accept a
/// size from outside validate it with ``Size/validated(width:height:)``.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    /// - Complexity: O(1).
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// Whether both components are finite and not negative.
    ///
    /// - Complexity: O(1).
    public var isValid: Bool { Size.isValidLength(width) && Size.isValidLength(height) }

    /// Whether `value` can be a length: finite and not negative.
    ///
    /// - Complexity: O(1).
    public static func isValidLength(_ value: Double) -> Bool { value.isFinite && value >= 0 }

    public var description: String { "\(width)×\(height)" }
}
