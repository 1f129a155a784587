import Testing
@testable import TableModel

@Suite struct RowsFileTests {
    func decode(_ text: String) throws(RowsFileError) -> RowsFile {
        try RowsFile.decode(Array(text.utf8), file: "rows.json")
    }

    /// Decodes `text`, expecting a failure; returns it.
    func failure(_ text: String) -> RowsFileError? {
        failure(Array(text.utf8))
    }

    func failure(_ bytes: [UInt8]) -> RowsFileError? {
        do {
            _ = try RowsFile.decode(bytes, file: "rows.json")
            return nil
        } catch {
            return error
        }
    }

    static let sample = """
    {"schemaVersion":1,"app":{"theme":"dark"},"rows":[
    {"id":1,"kind":"header","title":"Notes"},
    {"id":2,"kind":"note","text":"line one\\nстрока два\\nदो","expanded":false,"flagged":true,"done":false,"color":"teal"},
    {"id":30,"kind":"toggle","title":"Height","open":true},
    {"id":80,"kind":"grid","chips":["Swift","GTK 4"]},
    {"id":90,"kind":"rich","source":"rich/welcome.markup","future":[1,2.5,null,{"x":false}]}
    ]}
    """

    @Test func decodesEveryKindWithDefaultsAndExtras() throws {
        let file = try decode(Self.sample)
        #expect(file.rows.map(\.id) == [1, 2, 30, 80, 90].map(RowID.init))
        #expect(file.rows[1].content == .note(text: "line one\nстрока два\nदो", expanded: false))
        #expect(file.rows[1].flagged && !file.rows[1].done)
        #expect(file.rows[1].extraFields == [JSONMember(key: "color", value: .string("teal"))])
        #expect(file.rows[2].content == .toggle(title: "Height", open: true))
        #expect(file.rows[3].content == .grid(chips: ["Swift", "GTK 4"]))
        #expect(file.rows[4].extraFields.first?.value == .array([.integer(1), .double(2.5), .null, .object([JSONMember(key: "x", value: .bool(false))])]))
        #expect(file.extraFields == [JSONMember(key: "app", value: .object([JSONMember(key: "theme", value: .string("dark"))]))])
    }

    @Test func savingKeepsUnknownFields() throws {
        let file = try decode(Self.sample)
        let again = try RowsFile.decode(file.encoded(), file: "again.json")
        #expect(again == file)
        let text = String(decoding: file.encoded(), as: UTF8.self)
        #expect(text.contains("\"color\":\"teal\""))
        #expect(text.contains("\"app\":{\"theme\":\"dark\"}"))
    }

    @Test func generatedRowsRoundTrip() throws {
        let seed = TestSeed.make()
        let rows = RowsGenerator(seed: seed).rows(count: 500)
        let file = RowsFile(rows: rows)
        let decoded = try RowsFile.decode(file.encoded(), file: "generated.json")
        #expect(decoded == file, "seed \(seed)")
    }

    @Test func escapesRoundTrip() throws {
        let text = "quote \" backslash \\ tab \t nul \u{0} bell \u{7} emoji 🦤 e\u{301}"
        let file = RowsFile(rows: [Row(id: RowID(5), content: .note(text: text, expanded: true))])
        #expect(try RowsFile.decode(file.encoded(), file: "x") == file)
        let decoded = try decode(#"{"schemaVersion":1,"rows":[{"id":1,"kind":"header","title":"\ud83e\udda4 \u00e9\/"}]}"#)
        #expect(decoded.rows[0].content == .header(title: "🦤 é/"))
    }

    @Test func emptyAndBlankFilesAreRejected() {
        #expect(failure("")?.reason == .emptyFile)
        #expect(failure(" \n\t ")?.reason == .emptyFile)
        #expect(failure("")?.description == "rows.json:1:1: the file is empty")
    }

    @Test func truncatedFileNamesTheEnd() throws {
        let text = Self.sample
        let cut = String(text.prefix(text.count - 10))
        let error = try #require(failure(cut))
        #expect(error.reason == .unexpectedEnd)
        #expect(error.position?.line == 6)
    }

    @Test func malformedJSONNamesLineAndColumn() throws {
        let error = try #require(failure("{\"schemaVersion\":1,\n\"rows\":[\n  {\"id\":1,,}]}"))
        #expect(error.reason == .unexpectedCharacter("\",\""))
        #expect(error.position == SourcePosition(line: 3, column: 11))
        #expect(error.description == "rows.json:3:11: unexpected \",\"")
        #expect(failure("{\"schemaVersion\":1,\"rows\":[]} x")?.reason == .trailingContent)
        #expect(failure("{\"schemaVersion\":01,\"rows\":[]}")?.reason == .unexpectedCharacter("\"1\""))
        #expect(failure("{\"schemaVersion\":1.,\"rows\":[]}")?.reason == .invalidNumber)
        #expect(failure("{\"schemaVersion\":1e400,\"rows\":[]}")?.reason == .numberOutOfRange)
        #expect(failure("\u{0}{\u{0}}")?.reason == .invalidUTF8)  // UTF-16 big-endian "{}"
        #expect(failure("{\"schemaVersion\":-\(String(repeating: "9", count: 400)),\"rows\":[]}")?.reason == .numberOutOfRange)
        #expect(failure("{\"schemaVersion\":tru,\"rows\":[]}")?.reason == .unexpectedCharacter("\",\""))
        #expect(failure("{\"a\":\"x\\q\"}")?.reason == .invalidEscape)
        #expect(failure("{\"a\":\"\\udc00\"}")?.reason == .invalidEscape)
        #expect(failure("{\"a\":\"line\nbreak\"}")?.reason == .controlCharacterInString)
        #expect(failure("{\"a\":1,\"a\":2}")?.reason == .duplicateKey("a"))
        #expect(failure("[]")?.reason == .notAnObject)
    }

    @Test func invalidUTF8IsLocated() throws {
        var bytes = Array("{\"schemaVersion\":1,\"rows\":[\n{\"id\":1,\"kind\":\"header\",\"title\":\"ab".utf8)
        bytes += [0xC3, 0x28]  // a lead byte followed by a non-continuation byte
        bytes += Array("\"}]}".utf8)
        let error = try #require(failure(bytes))
        #expect(error.reason == .invalidUTF8)
        #expect(error.position == SourcePosition(line: 2, column: 36))
        // Overlong encoding and an encoded surrogate are ill-formed too.
        #expect(failure([0x7B, 0x22, 0xC0, 0xAF, 0x22, 0x3A, 0x31, 0x7D])?.reason == .invalidUTF8)
        #expect(failure([0x7B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x3A, 0x31, 0x7D])?.reason == .invalidUTF8)
        #expect(failure([0xFF])?.reason == .invalidUTF8)
    }

    @Test func schemaVersionMustBeOne() throws {
        let future = try #require(failure("{\"schemaVersion\":2,\"rows\":[]}"))
        #expect(future.reason == .unsupportedSchemaVersion(2))
        #expect(future.description.contains("newer app"))
        #expect(failure("{\"schemaVersion\":0,\"rows\":[]}")?.reason == .unsupportedSchemaVersion(0))
        #expect(failure("{\"schemaVersion\":\"1\",\"rows\":[]}")?.reason == .wrongType(field: "schemaVersion", expected: "an integer", found: "a string"))
        #expect(failure("{\"rows\":[]}")?.reason == .missingField("schemaVersion"))
        #expect(failure("{\"schemaVersion\":1}")?.reason == .missingField("rows"))
    }

    @Test func rowErrorsNameTheRow() throws {
        let missing = try #require(failure("{\"schemaVersion\":1,\"rows\":[\n{\"id\":1,\"kind\":\"header\",\"title\":\"a\"},\n{\"id\":7,\"kind\":\"note\"}]}"))
        #expect(missing.reason == .missingField("text"))
        #expect(missing.rowIndex == 1 && missing.rowID == RowID(7))
        #expect(missing.description == "rows.json:3:1: row 1 (id 7): missing field \"text\"")

        let illTyped = try #require(failure("{\"schemaVersion\":1,\"rows\":[{\"id\":3,\"kind\":\"note\",\"text\":\"x\",\"expanded\":\"yes\"}]}"))
        #expect(illTyped.reason == .wrongType(field: "expanded", expected: "a boolean", found: "a string"))
        #expect(illTyped.position?.column == 72)

        #expect(failure("{\"schemaVersion\":1,\"rows\":[{\"id\":\"3\",\"kind\":\"note\"}]}")?.reason == .wrongType(field: "id", expected: "an integer", found: "a string"))
        #expect(failure("{\"schemaVersion\":1,\"rows\":[{\"id\":3.5,\"kind\":\"note\"}]}")?.reason == .wrongType(field: "id", expected: "an integer", found: "a number"))
        #expect(failure("{\"schemaVersion\":1,\"rows\":[{\"id\":-3,\"kind\":\"note\"}]}")?.reason == .invalidValue(field: "id", detail: "must not be negative, found -3"))
        #expect(failure("{\"schemaVersion\":1,\"rows\":[{\"id\":3,\"kind\":\"table\"}]}")?.reason == .unknownKind("table"))
        #expect(failure("{\"schemaVersion\":1,\"rows\":[{\"id\":3,\"kind\":\"grid\",\"chips\":[\"a\",1]}]}")?.reason == .wrongType(field: "chips[1]", expected: "a string", found: "a number"))
        #expect(failure("{\"schemaVersion\":1,\"rows\":[{\"id\":3,\"kind\":\"rich\",\"source\":\"\"}]}")?.reason == .invalidValue(field: "source", detail: "must not be empty"))
        #expect(failure("{\"schemaVersion\":1,\"rows\":[7]}")?.reason == .wrongType(field: "rows[0]", expected: "an object", found: "a number"))
    }

    @Test func versionErrorsComeBeforeRowErrorsAndSyntaxErrorsBeforeBoth() {
        // A newer app's file may have kinds this app does not know: report the version.
        #expect(failure("{\"rows\":[{\"id\":1,\"kind\":\"video\"}],\"schemaVersion\":2}")?.reason == .unsupportedSchemaVersion(2))
        #expect(failure("{\"rows\":[{\"id\":1,\"kind\":\"video\"}],\"schemaVersion\":1}")?.reason == .unknownKind("video"))
        #expect(failure("{\"rows\":[{\"id\":1,\"kind\":\"video\"}, {]}")?.reason == .unexpectedCharacter("\"]\""))
        #expect(failure("{\"schemaVersion\":1,\"rows\":{}}")?.reason == .wrongType(field: "rows", expected: "an array", found: "an object"))
        #expect(failure("{\"schemaVersion\":1,\"rows\":[],\"rows\":[]}")?.reason == .duplicateKey("rows"))
        #expect(failure("{}")?.reason == .missingField("schemaVersion"))
        #expect(failure("\"text\"")?.reason == .notAnObject)
    }

    @Test func duplicateIDsAreRejected() throws {
        let error = try #require(failure("{\"schemaVersion\":1,\"rows\":[{\"id\":4,\"kind\":\"header\",\"title\":\"a\"},{\"id\":4,\"kind\":\"header\",\"title\":\"b\"}]}"))
        #expect(error.reason == .duplicateID(RowID(4), firstRowIndex: 0))
        #expect(error.rowIndex == 1)
    }

    @Test func absurdValuesAreRejected() throws {
        let huge = String(repeating: "x", count: RowLimits.maxTextBytes + 1)
        let error = try #require(failure("{\"schemaVersion\":1,\"rows\":[{\"id\":1,\"kind\":\"note\",\"text\":\"\(huge)\"}]}"))
        #expect(error.reason == .valueTooLarge(field: "text", limit: RowLimits.maxTextBytes))
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(failure("{\"schemaVersion\":1,\"rows\":[],\"x\":\(deep)}")?.reason == .nestingTooDeep(limit: RowLimits.maxNestingDepth))
        #expect(failure("{\"schemaVersion\":99999999999999999999,\"rows\":[]}")?.reason == .wrongType(field: "schemaVersion", expected: "an integer", found: "a number"))
    }

    @Test func generatorIsDeterministicPerSeed() {
        let first = Array(RowsGenerator(seed: 42).fileChunks(count: 300).joined())
        let second = Array(RowsGenerator(seed: 42).fileChunks(count: 300).joined())
        let other = Array(RowsGenerator(seed: 43).fileChunks(count: 300).joined())
        #expect(first == second)
        #expect(first != other)
        #expect(first == RowsFile(rows: RowsGenerator(seed: 42).rows(count: 300)).encoded())
    }

    @Test func generatorAddsTheAskedShareOfWebRowsAndChangesNothingElse() {
        let plain = RowsGenerator(seed: 3).rows(count: 1000)
        let withWeb = RowsGenerator(seed: 3, webRowsPercent: 1).rows(count: 1000)
        let web = withWeb.indices.filter { withWeb[$0].kind == .web }
        #expect(web.count == 10)
        #expect(zip(web, web.dropFirst()).allSatisfy { $1 - $0 == 100 })
        for index in withWeb.indices where withWeb[index].kind != .web { #expect(withWeb[index] == plain[index]) }
    }

    @Test func generatorMixesKindsAndScripts() {
        let rows = RowsGenerator(seed: 3).rows(count: 2000)
        let kinds = Set(rows.map(\.kind))
        #expect(kinds == Set(RowKind.allCases).subtracting([.web]))
        #expect(rows.filter { $0.kind == .header }.count == 40)
        let texts = rows.compactMap { row -> String? in
            if case .note(let text, _) = row.content { return text } else { return nil }
        }
        #expect(texts.contains { $0.contains("\n") })
        #expect(texts.contains { $0.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } })
        #expect(texts.contains { $0.unicodeScalars.contains { (0x0900...0x097F).contains($0.value) } })
        #expect(texts.contains { $0.count > 200 })
    }
}
