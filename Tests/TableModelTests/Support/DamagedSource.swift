@testable import TableModel

/// A store of rows, some of whose stored columns do not make a row (`damaged`), as a damaged
/// database gives them: reading one fails with a message.
final class DamagedSource: RowContentSource {
    static let message = "This row could not be read from test.sqlite: it has extra fields that are not a JSON object."

    var rows: [RowID: Row]
    var damaged: Set<RowID>

    init(file: RowsFile, damaged: Set<RowID>) {
        rows = Dictionary(uniqueKeysWithValues: file.rows.map { ($0.id, $0) })
        self.damaged = damaged
    }

    func content(of id: RowID) -> Result<Row, RowReadFailure> {
        if damaged.contains(id) { return .failure(RowReadFailure(message: Self.message)) }
        guard let row = rows[id] else { return .failure(RowReadFailure(message: "This row is no longer in test.sqlite.")) }
        return .success(row)
    }

    /// A lazy table over `file` whose rows `damaged` cannot be read.
    static func table(_ file: RowsFile = TableFixture.file, damaged: Set<RowID>) throws -> (Table, DamagedSource) {
        let source = DamagedSource(file: file, damaged: damaged)
        let outline = file.rows.map { row -> RowOutline in
            if case .toggle(_, let open) = row.content { return RowOutline(id: row.id, kind: row.kind, toggleOpen: open) }
            return RowOutline(id: row.id, kind: row.kind)
        }
        let table = try Table(outline: outline, source: source, width: 400, viewportHeight: 300,
                              measurer: FixedAdvanceMeasurer(advance: 8, lineHeight: 16), clock: { 0 })
        return (table, source)
    }
}
