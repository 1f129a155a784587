/// Turns Pango markup into the plain text it displays, for measuring without Pango.
enum MarkupText {
    /// Removes `<tags>` and decodes `&amp; &lt; &gt; &quot; &apos;`. Unknown entities are kept as written.
    ///
    /// - Complexity: O(n) in the length of the markup.
    static func plainText(of markup: String) -> String {
        var result = ""
        result.reserveCapacity(markup.utf8.count)
        var inTag = false
        var entity: String? = nil
        for character in markup {
            if inTag {
                if character == ">" { inTag = false }
                continue
            }
            if var pending = entity {
                pending.append(character)
                if character == ";" {
                    result += decode(entity: pending)
                    entity = nil
                } else if pending.count > 8 {
                    result += pending
                    entity = nil
                } else {
                    entity = pending
                }
                continue
            }
            switch character {
            case "<": inTag = true
            case "&": entity = "&"
            default: result.append(character)
            }
        }
        if let entity { result += entity }
        return result
    }

    private static func decode(entity: String) -> String {
        switch entity {
        case "&amp;": "&"
        case "&lt;": "<"
        case "&gt;": ">"
        case "&quot;": "\""
        case "&apos;": "'"
        default: entity
        }
    }
}
