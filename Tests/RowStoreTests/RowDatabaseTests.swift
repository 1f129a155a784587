import Foundation
import RowStore
import SQLiteStore
import TableModel
import Testing

@Suite struct RowDatabaseTests {
    @Test func anImportReadsBackExactlyWithUnknownFieldsKept() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let database = try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: StoreFixture.file)
        #expect(try database.load() == StoreFixture.file)
        #expect(try database.integrityCheck() == "ok")
        let reopened = try RowDatabase.open(path: fixture.path("rows.sqlite"))
        #expect(try reopened.load() == StoreFixture.file)
    }

    @Test func theSampleFileRoundTripsThroughJSONByteForByte() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let original = try RowsJSON.read(StoreFixture.sampleJSON)
        let database = try RowsJSON.importFile(StoreFixture.sampleJSON, into: fixture.path("rows.sqlite"))
        try RowsJSON.export(database, to: fixture.path("out.json"))
        let exported = try RowsJSON.read(fixture.path("out.json"))
        #expect(exported == original)
        #expect(try fixture.bytes("out.json") == Data(original.encoded()))
    }

    @Test func unknownFieldsSurviveImportAndExport() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let json = #"{"schemaVersion":1,"app":{"v":[1,2.5,null]},"rows":[{"id":7,"kind":"note","text":"x","colour":"teal","tags":["a"]}]}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: fixture.path("in.json")))
        let database = try RowsJSON.importFile(fixture.path("in.json"), into: fixture.path("rows.sqlite"))
        try RowsJSON.export(database, to: fixture.path("out.json"))
        let back = try RowsJSON.read(fixture.path("out.json"))
        #expect(back.extraFields == [JSONMember(key: "app", value: .object([JSONMember(key: "v", value: .array([.integer(1), .double(2.5), .null]))]))])
        #expect(back.rows[0].extraFields.map(\.key) == ["colour", "tags"])
    }

    @Test func aBadJSONImportKeepsItsLocatedErrorAndLeavesNoDatabase() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try Data(#"{"schemaVersion":1,"rows":[{"id":1,"kind":"note","text":5}]}"#.utf8).write(to: URL(fileURLWithPath: fixture.path("bad.json")))
        do {
            _ = try RowsJSON.importFile(fixture.path("bad.json"), into: fixture.path("rows.sqlite"))
            Issue.record("imported a bad file")
        } catch {
            #expect(error.description.contains("bad.json:1:"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder) == ["bad.json"])
    }

    @Test func creatingNeverReplacesAnExistingFile() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try Data("mine".utf8).write(to: URL(fileURLWithPath: fixture.path("rows.sqlite")))
        #expect(throws: SQLiteError.self) { try RowDatabase.create(path: fixture.path("rows.sqlite"), importing: StoreFixture.file) }
        #expect(try fixture.bytes("rows.sqlite") == Data("mine".utf8))
    }
}

@Suite struct GeneratedDatabaseTests {
    @Test func aGeneratedDatabaseHoldsTheGeneratorsRowsInOrder() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let generator = RowsGenerator(seed: 5)
        let database = try RowDatabase.create(path: fixture.path("gen.sqlite"), rows: generator.rowSequence(count: 3_000))
        #expect(try database.load() == RowsFile(rows: generator.rows(count: 3_000)))
        #expect(try database.outline().count == 3_000)
    }
}
