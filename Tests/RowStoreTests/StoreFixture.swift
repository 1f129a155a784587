import Foundation
import RowStore
import TableModel

/// A scratch folder with a database imported from a small file, and a table over the same rows.
struct StoreFixture {
    static let sampleJSON: String = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("data/rows.json")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
            folder.deleteLastPathComponent()
        }
        return "data/rows.json"
    }()

    static let file = RowsFile(rows: [
        Row(id: RowID(1), content: .header(title: "Notes")),
        Row(id: RowID(2), content: .note(text: "Buy milk", expanded: false), extraFields: [JSONMember(key: "colour", value: .string("teal"))]),
        Row(id: RowID(3), content: .note(text: "one\ntwo", expanded: true), flagged: true),
        Row(id: RowID(4), content: .header(title: "Heights")),
        Row(id: RowID(30), content: .toggle(title: "Thirty", open: true), done: true),
        Row(id: RowID(80), content: .grid(chips: ["Swift", "GTK \"4\"", "Панго"])),
        Row(id: RowID(90), content: .rich(source: "rich/welcome.markup")),
    ], extraFields: [JSONMember(key: "generator", value: .object([JSONMember(key: "tool", value: .string("hand"))]))])

    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rowstore-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path(name))) }

    static func table(_ file: RowsFile) throws -> Table {
        try Table(file: file, width: 400, viewportHeight: 300, measurer: FixedAdvanceMeasurer(), clock: { 0 })
    }
}
