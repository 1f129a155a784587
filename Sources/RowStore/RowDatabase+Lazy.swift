import SQLiteStore
import TableModel

extension RowDatabase: RowContentSource {
    /// What start-up needs of every row, in order: ids, kinds and toggle states, read from
    /// the covering index alone (no content page is read).
    ///
    /// - Throws: ``SQLiteError``, also for a row of an unknown kind.
    /// - Complexity: O(n) for n rows.
    public func outline() throws(SQLiteError) -> [RowOutline] {
        let select = try statement("SELECT id, kind, expanded FROM rows INDEXED BY rows_outline WHERE trashed IS NULL ORDER BY position, id")
        try select.bind([])
        var outline: [RowOutline] = []
        while try select.step() {
            let id = RowID(select.integer(0))
            guard let kind = select.withTextBytes(1, Self.kind) else {
                throw SQLiteError(kind: .wrongSchema, message: "row \(id.rawValue) has the unknown kind \"\(select.text(1))\"", path: path)
            }
            outline.append(RowOutline(id: id, kind: kind, toggleOpen: kind == .toggle && select.integer(2) != 0))
        }
        return outline
    }

    /// The kind named by `bytes`, compared as bytes so a million rows make no Strings.
    private static func kind(_ bytes: UnsafeBufferPointer<UInt8>) -> RowKind? {
        kindNames.first { $0.name.elementsEqual(bytes) }?.kind
    }

    private static let kindNames: [(name: [UInt8], kind: RowKind)] = [RowKind.note, .toggle, .header, .grid, .rich, .web].map {
        (Array($0.name.utf8), $0)
    }

    /// The top-level fields of the imported file this app does not know.
    ///
    /// - Complexity: O(number of fields).
    public func fileExtras() throws(SQLiteError) -> [JSONMember] {
        let extras = try statement("SELECT key, value FROM file_extras ORDER BY position")
        try extras.bind([])
        var members: [JSONMember] = []
        while try extras.step() {
            guard let value = JSONText.decode(extras.text(1)) else {
                throw SQLiteError(kind: .wrongSchema, message: "the file field \"\(extras.text(0))\" is not JSON", path: path)
            }
            members.append(JSONMember(key: extras.text(0), value: value))
        }
        return members
    }

    /// One row's content, read by id (a primary-key lookup), or why it cannot be read, for
    /// the row's own message: the table then shows the row as unreadable and never writes it.
    ///
    /// - Complexity: O(log n).
    public func content(of id: RowID) -> Result<Row, RowReadFailure> {
        do throws(SQLiteError) {
            let select = try statement("SELECT id, \(RowColumns.names) FROM rows WHERE id = ?")
            try select.bind([.integer(id.rawValue)])
            defer { select.finishReading() }
            guard try select.step() else {
                return .failure(RowReadFailure(
                    message: "This row is no longer in \(path): another program removed it. Nothing done here will change it.",
                    reason: .removed(file: path)))
            }
            do throws(RowColumns.Damage) {
                return .success(try RowColumns.row(from: select))
            } catch {
                return .failure(RowReadFailure(
                    message: "This row could not be read from \(path): it has \(error.what). It is kept there as it is, and nothing done here will change it; restore the file from a backup to get the row back.",
                    reason: .damaged(file: path, error.kind)))
            }
        } catch {
            return .failure(RowReadFailure(message: "This row could not be read. \(error.description)"))
        }
    }
}
