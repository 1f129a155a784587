import Foundation
import RowStore
import SQLiteStore
import Testing
import TableModel

/// Messages a user can meet name the file they gave, in plain words, with no command-line
/// advice (P4).
@Suite struct PlainWordsTests {
    @Test func anExportIntoAMissingFolderNamesTheFileNotItsTemporaryCopy() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let target = fixture.path("no such folder/my rows.json")
        let error = try #require(throws: RowStoreError.self) { try RowsJSON.write(StoreFixture.file, to: target) }
        #expect(error.description.contains("“\(target)”"), "\(error)")
        #expect(!error.description.contains(".saving"), "\(error)")
        #expect(error.description.contains("No such file or directory"), "\(error)")
    }

    @Test func aMissingDatabaseSaysItDoesNotExist() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let missing = fixture.path("gone.sqlite")
        let error = try #require(throws: RowStoreError.self) { try RowDatabase.openRows(at: missing) }
        #expect(error.description == "“\(missing)” does not exist. Check its name and folder, or choose another file.")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func noDatabaseMessageGivesCommandLineAdvice() {
        let kinds: [SQLiteError.Kind] = [
            .notADatabase, .corrupt, .locked, .readOnly, .full, .cannotOpen, .io, .futureSchema(found: 9, supported: 2),
            .wrongSchema, .other,
        ]
        for kind in kinds {
            let text = SQLiteError(kind: kind, message: "detail", path: "/home/ann/rows.sqlite").description
            #expect(!text.contains("--"), "\(kind): \(text)")
            #expect(text.contains("“/home/ann/rows.sqlite”"), "\(kind): \(text)")
        }
    }
}
