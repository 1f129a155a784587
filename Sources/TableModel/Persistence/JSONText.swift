/// JSON values as compact text, for stores that keep unknown fields and chip lists in a text
/// column (the rows database). Uses the same strict parser and writer as the rows file.
public enum JSONText {
    /// The compact JSON of `value`.
    ///
    /// - Complexity: O(size of the value).
    public static func encode(_ value: JSONValue) -> String {
        var writer = JSONWriter()
        writer.value(value)
        return String(decoding: writer.drain(), as: UTF8.self)
    }

    /// Parses one JSON value; nil when `text` is not exactly one valid JSON value.
    ///
    /// - Complexity: O(length of `text`).
    public static func decode(_ text: String) -> JSONValue? {
        var text = text
        return text.withUTF8 { buffer -> JSONValue? in
            var parser = JSONParser(bytes: buffer)
            do throws(DecodeFailure) {
                try parser.skipToDocument()
                let node = try parser.parseValue()
                try parser.expectEndOfDocument()
                return node.plainValue
            } catch {
                return nil
            }
        }
    }
}
