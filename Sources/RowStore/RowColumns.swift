import SQLiteStore
import TableModel

/// How a ``Row`` maps onto the `rows` table's columns, both ways.
enum RowColumns {
    /// Stored columns that do not make a row: which row, and what it has, in words that
    /// follow "it has" ("extra fields that are not a JSON object").
    struct Damage: Error {
        var id: RowID
        var kind: RowReadFailure.Damage

        /// What the row has, in English: `extra fields that are not a JSON object`.
        var what: String {
            switch kind {
            case .unknownKind(let name): "the unknown kind \"\(name)\""
            case .chipsNotAnArray: "chips that are not a JSON array"
            case .chipNotAString: "a chip that is not a string"
            case .extraFieldsNotAnObject: "extra fields that are not a JSON object"
            }
        }

        /// The failure of a read that needed the whole file, naming the row by id.
        func error(in path: String) -> SQLiteError {
            SQLiteError(kind: .wrongSchema, message: "row \(id.rawValue) has \(what)", path: path)
        }
    }

    /// The columns after `id` and `position`, in the order of ``values(of:)``.
    static let names = "kind, text, chips, expanded, flagged, done, extra, pinned"
    /// How many columns ``names`` lists.
    static let count = 8

    /// A parenthesised list of `count` SQL parameters, such as `(?, ?, ?)`.
    ///
    /// - Complexity: O(count).
    static func parameters(_ count: Int) -> String {
        "(" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }

    /// The column values of `row`: kind, text, chips, expanded, flagged, done, extra, pinned.
    ///
    /// - Complexity: O(size of the row).
    static func values(of row: Row) -> [SQLiteValue] {
        var text = ""
        var chips: SQLiteValue = .null
        var expanded = false
        switch row.content {
        case .header(let title): text = title
        case .note(let body, let isExpanded): (text, expanded) = (body, isExpanded)
        case .toggle(let title, let open): (text, expanded) = (title, open)
        case .grid(let list): chips = .text(JSONText.encode(.array(list.map(JSONValue.string))))
        case .rich(let source): text = source
        case .web(let html): text = html
        }
        let extra: SQLiteValue = row.extraFields.isEmpty ? .null : .text(JSONText.encode(.object(row.extraFields)))
        return [.text(row.kind.name), .text(text), chips, .bool(expanded), .bool(row.flagged), .bool(row.done), extra, .bool(row.pinned)]
    }

    /// The row in the current result row of `statement`, whose columns are
    /// `id`, then ``names`` in order.
    ///
    /// - Throws: ``Damage`` for an unknown kind or malformed JSON.
    /// - Complexity: O(size of the row).
    static func row(from statement: SQLiteStatement) throws(Damage) -> Row {
        let id = RowID(statement.integer(0))
        let kindName = statement.text(1)
        guard let kind = RowKind(name: kindName) else {
            throw Damage(id: id, kind: .unknownKind(kindName))
        }
        let text = statement.text(2)
        let expanded = statement.integer(4) != 0
        let content: RowContent
        switch kind {
        case .header: content = .header(title: text)
        case .note: content = .note(text: text, expanded: expanded)
        case .toggle: content = .toggle(title: text, open: expanded)
        case .rich: content = .rich(source: text)
        case .web: content = .web(html: text)
        case .grid:
            guard case .array(let values)? = JSONText.decode(statement.optionalText(3) ?? "[]") else {
                throw Damage(id: id, kind: .chipsNotAnArray)
            }
            var chips: [String] = []
            for value in values {
                guard case .string(let chip) = value else {
                    throw Damage(id: id, kind: .chipNotAString)
                }
                chips.append(chip)
            }
            content = .grid(chips: chips)
        }
        var extras: [JSONMember] = []
        if let extra = statement.optionalText(7) {
            guard case .object(let members)? = JSONText.decode(extra) else {
                throw Damage(id: id, kind: .extraFieldsNotAnObject)
            }
            extras = members
        }
        let marks = kind != .header
        return Row(
            id: id, content: content, flagged: marks && statement.integer(5) != 0, done: marks && statement.integer(6) != 0,
            pinned: marks && statement.integer(8) != 0, extraFields: extras)
    }
}
