/// Writes a rows file incrementally: the header, then rows one at a time, then the end.
/// Used both for saving (``RowsFile/encoded()``) and by the generator, which never holds a
/// million rows in memory.
///
/// Layout: one row per line, so files diff well:
/// ```
/// {"schemaVersion":1,"rows":[
/// {"id":1,"kind":"header","title":"Notes"},
/// {"id":2,"kind":"note","text":"…","expanded":false,"flagged":false,"done":false}
/// ]}
/// ```
struct RowsFileEncoder {
    private(set) var writer: JSONWriter
    private var rowCount = 0

    /// Starts the file, writing `schemaVersion`, then the unknown top-level fields, then `"rows":[`.
    ///
    /// - Complexity: O(size of the extra fields).
    init(extraFields: [JSONMember], reservingCapacity capacity: Int = 1 << 16) {
        writer = JSONWriter(reservingCapacity: capacity)
        writer.raw("{")
        writer.key("schemaVersion")
        writer.integer(Int64(RowsFile.currentSchemaVersion))
        for member in extraFields {
            writer.raw(",")
            writer.key(member.key)
            writer.value(member.value)
        }
        writer.raw(",")
        writer.key("rows")
        writer.raw("[")
    }

    /// - Complexity: O(size of the row).
    mutating func append(_ row: Row) {
        writer.raw(rowCount == 0 ? "\n" : ",\n")
        rowCount += 1
        writer.raw("{")
        writer.key("id")
        writer.integer(row.id.rawValue)
        writer.raw(",")
        writer.key("kind")
        writer.string(row.kind.name)
        switch row.content {
        case .header(let title):
            writer.raw(",\"title\":")
            writer.string(title)
        case .note(let text, let expanded):
            writer.raw(",\"text\":")
            writer.string(text)
            writer.raw(",\"expanded\":")
            writer.bool(expanded)
        case .toggle(let title, let open):
            writer.raw(",\"title\":")
            writer.string(title)
            writer.raw(",\"open\":")
            writer.bool(open)
        case .grid(let chips):
            writer.raw(",\"chips\":[")
            for (position, chip) in chips.enumerated() {
                if position > 0 { writer.raw(",") }
                writer.string(chip)
            }
            writer.raw("]")
        case .rich(let source):
            writer.raw(",\"source\":")
            writer.string(source)
        case .web(let html):
            writer.raw(",\"html\":")
            writer.string(html)
        }
        if row.kind != .header {
            writer.raw(",\"flagged\":")
            writer.bool(row.flagged)
            writer.raw(",\"done\":")
            writer.bool(row.done)
            if row.pinned {
                writer.raw(",\"pinned\":true")
            }
        }
        for member in row.extraFields {
            writer.raw(",")
            writer.key(member.key)
            writer.value(member.value)
        }
        writer.raw("}")
    }

    /// Closes the rows array and the document.
    ///
    /// - Complexity: O(1).
    mutating func finish() {
        writer.raw("\n]}\n")
    }

    /// Hands over the bytes written so far, for streaming output.
    ///
    /// - Complexity: O(bytes taken).
    mutating func drain() -> [UInt8] {
        writer.drain()
    }
}
