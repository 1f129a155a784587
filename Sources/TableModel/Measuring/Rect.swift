/// A rectangle in logical pixels, origin at the top left.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// - Complexity: O(1).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// - Complexity: O(1).
    public var maxX: Double { x + width }
    /// - Complexity: O(1).
    public var maxY: Double { y + height }

    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
