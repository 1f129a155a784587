/// The heights of toggle rows (T1): 45 px closed, and open a height in 45...100 derived
/// from the row id alone, so it is the same on every launch, platform and screenshot.
public enum ToggleSizing {
    public static let closedHeight: Double = 45
    public static let openHeightRange: ClosedRange<Int> = 45...100

    /// - Complexity: O(1).
    public static func height(for id: RowID, open: Bool) -> Double {
        open ? openHeight(for: id) : closedHeight
    }

    /// FNV-1a (64-bit) over the id's eight little-endian bytes, reduced into the range.
    /// Swift's `Hasher` is seeded per process, so it must not be used here.
    ///
    /// - Complexity: O(1).
    public static func openHeight(for id: RowID) -> Double {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var value = UInt64(bitPattern: id.rawValue)
        for _ in 0..<8 {
            hash ^= value & 0xFF
            hash &*= 0x0000_0100_0000_01B3
            value >>= 8
        }
        let span = UInt64(openHeightRange.count)
        return Double(openHeightRange.lowerBound + Int(hash % span))
    }

    /// The label a toggle row shows: the height it is laid out at (T3), such as "45" or "73".
    ///
    /// - Complexity: O(1).
    public static func label(forLaidOutHeight height: Double) -> String {
        String(Int(height.rounded()))
    }
}
