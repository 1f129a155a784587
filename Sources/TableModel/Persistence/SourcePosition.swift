/// A place in a text file, both numbers starting at 1. Columns count Unicode scalars, so a
/// Cyrillic or Devanagari letter is one column, as an editor shows it.
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    /// - Complexity: O(1).
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    /// The position of byte `offset` in `bytes`. The parser records byte offsets only and asks
    /// for a position when it reports an error, so the fast path never counts lines.
    ///
    /// - Complexity: O(offset).
    static func locate(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        var line = 1
        var column = 1
        for index in 0..<min(offset, bytes.count) {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }
}
