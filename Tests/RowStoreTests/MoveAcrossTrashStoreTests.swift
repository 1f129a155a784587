import Foundation
import RowStore
@testable import TableModel
import Testing

/// A move (E2) made while a batch delete's rows are trashed in the store (E4), then undone
/// with it: the file's order is the table's again, though the move was placed by live
/// neighbours that had the trashed rows between them.
@Suite struct MoveAcrossTrashStoreTests {
    @Test func undoingAMoveAndTheBatchDeleteGivesTheOriginalOrderBack() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = fixture.path("rows.sqlite")
        let file = RowsFile(rows: (1...10).map { Row(id: RowID(Int64($0)), content: .note(text: "note \($0)", expanded: false)) })
        let database = try RowDatabase.create(path: path, importing: file)
        let table = try Table(outline: try database.outline(), source: database, width: 400, viewportHeight: 600,
                              measurer: FixedAdvanceMeasurer(), clock: { 0 })
        _ = table.layOutVisibleRows()
        func save() throws {
            if let changes = table.takeChanges(force: true) { try database.apply(changes) }
        }
        func order() throws -> [Int64] { try database.outline().map(\.id.rawValue) }
        _ = try table.toggleSelection(RowID(3))
        _ = try table.extendSelection(to: RowID(5))
        _ = table.deleteSelection()
        try save()
        _ = try #require(try table.moveRow(RowID(2), .down))
        try save()
        #expect(try order() == [1, 6, 2, 7, 8, 9, 10])
        _ = table.undo()
        try save()
        _ = table.undo()
        try save()
        #expect(try order() == Array(1...10))
        _ = table.redo()
        _ = table.redo()
        try save()
        #expect(try order() == [1, 6, 2, 7, 8, 9, 10])
        _ = table.undo()
        _ = table.undo()
        try save()
        #expect(try order() == Array(1...10))
    }
}
