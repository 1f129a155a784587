/// Turns one parsed row object into a ``Row``, checking every field (D1).
///
/// Known fields by kind (all rows have `id`, an integer ≥ 0, and `kind`):
/// - `header`: `title` (string)
/// - `note`: `text` (string), `expanded`, `flagged`, `done`, `pinned` (booleans, default false)
/// - `toggle`: `title` (string), `open`, `flagged`, `done`, `pinned` (booleans, default false)
/// - `grid`: `chips` (array of strings), `flagged`, `done`, `pinned`
/// - `rich`: `source` (non-empty string), `flagged`, `done`, `pinned`
/// - `web`: `html` (string, a whole HTML document or a fragment), `flagged`, `done`, `pinned`
/// Any other field is kept in ``Row/extraFields``.
enum RowDecoder {
    /// The keys the app reads and writes for `kind`.
    ///
    /// - Complexity: O(1).
    static func knownKeys(for kind: RowKind) -> Set<String> {
        switch kind {
        case .header: ["id", "kind", "title"]
        case .note: ["id", "kind", "text", "expanded", "flagged", "done", "pinned"]
        case .toggle: ["id", "kind", "title", "open", "flagged", "done", "pinned"]
        case .grid: ["id", "kind", "chips", "flagged", "done", "pinned"]
        case .rich: ["id", "kind", "source", "flagged", "done", "pinned"]
        case .web: ["id", "kind", "html", "flagged", "done", "pinned"]
        }
    }

    private static let knownKeysByKind: [Set<String>] = RowKind.allCases.map(knownKeys(for:))

    /// - Complexity: O(size of the row).
    static func decode(_ node: JSONNode, index: Int) throws(DecodeFailure) -> Row {
        guard case .object(let members) = node.value else {
            throw DecodeFailure(offset: node.offset, reason: .wrongType(field: "rows[\(index)]", expected: "an object", found: node.typeName), rowIndex: index)
        }
        var fields = Fields(members: members, objectOffset: node.offset, rowIndex: index, rowID: nil)
        let rawID = try fields.integer("id")
        guard rawID >= 0 else {
            throw fields.failure(at: "id", reason: .invalidValue(field: "id", detail: "must not be negative, found \(rawID)"))
        }
        let id = RowID(rawID)
        fields.rowID = id
        let kindName = try fields.string("kind", limit: 64)
        guard let kind = RowKind(name: kindName) else {
            throw fields.failure(at: "kind", reason: .unknownKind(kindName))
        }
        let content: RowContent
        switch kind {
        case .header:
            content = .header(title: try fields.string("title", limit: RowLimits.maxTextBytes))
        case .note:
            content = .note(text: try fields.string("text", limit: RowLimits.maxTextBytes), expanded: try fields.bool("expanded") ?? false)
        case .toggle:
            content = .toggle(title: try fields.string("title", limit: RowLimits.maxTextBytes), open: try fields.bool("open") ?? false)
        case .grid:
            content = .grid(chips: try fields.chips())
        case .rich:
            let source = try fields.string("source", limit: RowLimits.maxTextBytes)
            guard !source.isEmpty else { throw fields.failure(at: "source", reason: .invalidValue(field: "source", detail: "must not be empty")) }
            content = .rich(source: source)
        case .web:
            content = .web(html: try fields.string("html", limit: RowLimits.maxTextBytes))
        }
        let marks = kind != .header
        let flagged = marks ? try fields.bool("flagged") ?? false : false
        let done = marks ? try fields.bool("done") ?? false : false
        let pinned = marks ? try fields.bool("pinned") ?? false : false
        let known = knownKeysByKind[Int(kind.rawValue)]
        let extras = members.filter { !known.contains($0.key) }.map { JSONMember(key: $0.key, value: $0.node.plainValue) }
        return Row(id: id, content: content, flagged: flagged, done: done, pinned: pinned, extraFields: extras)
    }
}

/// Typed access to the members of one row object, producing located failures.
private struct Fields {
    let members: [JSONNode.Member]
    let objectOffset: Int
    let rowIndex: Int
    var rowID: RowID?

    func member(_ key: String) -> JSONNode.Member? {
        members.first { $0.key == key }
    }

    func failure(at key: String, reason: RowsFileError.Reason) -> DecodeFailure {
        DecodeFailure(offset: member(key)?.node.offset ?? objectOffset, reason: reason, rowIndex: rowIndex, rowID: rowID)
    }

    func required(_ key: String) throws(DecodeFailure) -> JSONNode {
        guard let member = member(key) else {
            throw DecodeFailure(offset: objectOffset, reason: .missingField(key), rowIndex: rowIndex, rowID: rowID)
        }
        return member.node
    }

    func wrongType(_ key: String, _ expected: String, _ node: JSONNode) -> DecodeFailure {
        DecodeFailure(offset: node.offset, reason: .wrongType(field: key, expected: expected, found: node.typeName), rowIndex: rowIndex, rowID: rowID)
    }

    func integer(_ key: String) throws(DecodeFailure) -> Int64 {
        let node = try required(key)
        guard case .integer(let value) = node.value else { throw wrongType(key, "an integer", node) }
        return value
    }

    func string(_ key: String, limit: Int) throws(DecodeFailure) -> String {
        let node = try required(key)
        guard case .string(let value) = node.value else { throw wrongType(key, "a string", node) }
        guard value.utf8.count <= limit else {
            throw DecodeFailure(offset: node.offset, reason: .valueTooLarge(field: key, limit: limit), rowIndex: rowIndex, rowID: rowID)
        }
        return value
    }

    /// An optional boolean: `nil` when absent.
    func bool(_ key: String) throws(DecodeFailure) -> Bool? {
        guard let node = member(key)?.node else { return nil }
        guard case .bool(let value) = node.value else { throw wrongType(key, "a boolean", node) }
        return value
    }

    func chips() throws(DecodeFailure) -> [String] {
        let node = try required("chips")
        guard case .array(let elements) = node.value else { throw wrongType("chips", "an array of strings", node) }
        guard elements.count <= RowLimits.maxChips else {
            throw DecodeFailure(offset: node.offset, reason: .valueTooLarge(field: "chips", limit: RowLimits.maxChips), rowIndex: rowIndex, rowID: rowID)
        }
        var chips: [String] = []
        chips.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            guard case .string(let chip) = element.value else { throw wrongType("chips[\(position)]", "a string", element) }
            guard chip.utf8.count <= RowLimits.maxChipBytes else {
                throw DecodeFailure(offset: element.offset, reason: .valueTooLarge(field: "chips[\(position)]", limit: RowLimits.maxChipBytes), rowIndex: rowIndex, rowID: rowID)
            }
            chips.append(chip)
        }
        return chips
    }
}
