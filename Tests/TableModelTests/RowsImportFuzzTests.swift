import Foundation
import Testing
@testable import TableModel

/// Fuzzed imports (issue 12): mutants of `data/rows.json` and of generated files either
/// load or fail with a located error (file:line:column: what), never crash, hang or take
/// more than a second, and agree with Foundation's `JSONSerialization`: what it rejects we
/// reject, and we reject valid JSON only for a reason the reader documents as stricter
/// (see ``RowsImportFuzzTests/isDocumentedStricterReason(_:)``).
///
/// The suite runs ``shards`` × ``casesPerShard`` cases. A long run spreads
/// `FUZZ_CASES` cases over the shards: `FUZZ_CASES=1000000 swift test --filter RowsImportFuzzTests`.
/// Seeds come from `TABLE_SEED` like every randomised test; a failure prints seed and case.
@Suite struct RowsImportFuzzTests {
    static let shards = 4
    static let casesPerShard = 5_000
    /// A hang guard, not a benchmark: no case may take this long.
    static let stallLimit: Duration = .seconds(1)

    static var cases: Int {
        if let text = ProcessInfo.processInfo.environment["FUZZ_CASES"], let total = Int(text), total > 0 {
            return (total + shards - 1) / shards
        }
        return casesPerShard
    }

    /// The seeds: the sample file, its rows in small groups, and generated files.
    static let corpus: [[UInt8]] = {
        var documents: [[UInt8]] = []
        let sample = Array(FileManager.default.contents(atPath: sampleFilePath) ?? Data())
        documents.append(sample)
        if let file = try? RowsFile.decode(sample, file: "rows.json") {
            for start in stride(from: 0, to: file.rows.count, by: 3) {
                let rows = Array(file.rows[start..<min(start + 3, file.rows.count)])
                documents.append(RowsFile(rows: rows, extraFields: file.extraFields).encoded())
            }
        }
        for seed in 0..<8 {
            documents.append(RowsFile(rows: RowsGenerator(seed: UInt64(seed)).rows(count: 1 + seed * 3)).encoded())
        }
        documents.append(Array("{\"schemaVersion\":1,\"rows\":[]}".utf8))
        return documents
    }()

    static var sampleFilePath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/rows.json").path
    }

    /// Reasons for which the reader rejects JSON that `JSONSerialization` accepts, each
    /// documented in `data/README.md`: duplicate keys, anything about the schema, nesting
    /// deeper than ``RowLimits/maxNestingDepth`` and numbers beyond a `Double`. Trailing commas, which RFC 8259
    /// forbids and `JSONSerialization` tolerates, are told apart by ``isTrailingComma(_:in:)``.
    /// Every syntax error must agree with Foundation.
    static func isDocumentedStricterReason(_ reason: RowsFileError.Reason) -> Bool {
        switch reason {
        case .duplicateKey, .notAnObject, .missingField, .wrongType, .unsupportedSchemaVersion, .unknownKind,
             .duplicateID, .valueTooLarge, .invalidValue, .nestingTooDeep, .numberOutOfRange:
            true
        case .unreadable, .emptyFile, .unexpectedEnd, .unexpectedCharacter, .controlCharacterInString, .trailingContent,
             .invalidUTF8, .invalidEscape, .invalidNumber:
            false
        }
    }

    @Test func theCorpusHasTheSampleFile() {
        #expect(Self.corpus.count > 10 && Self.corpus[0].count > 1_000)
    }

    @Test(arguments: 0..<shards)
    func mutantsLoadOrFailWithALocatedErrorAndAgreeWithFoundation(shard: Int) throws {
        let seed = TestSeed.value(fallback: 0xF022_0000 + UInt64(shard))
        var mutator = JSONMutator(seed: seed)
        var slowest: (duration: Duration, index: Int) = (.zero, -1)
        var loaded = 0
        var stricter: [String: Int] = [:]
        for index in 0..<Self.cases {
            let base = Self.corpus[mutator.int(0..<Self.corpus.count)]
            let bytes = mutator.mutate(base)
            let context = "seed \(seed) case \(index)"
            let clock = ContinuousClock()
            let start = clock.now
            let result: Result<RowsFile, RowsFileError>
            do throws(RowsFileError) {
                result = .success(try RowsFile.decode(bytes, file: "fuzz.json"))
            } catch {
                result = .failure(error)
            }
            let duration = clock.now - start
            if duration > slowest.duration { slowest = (duration, index) }
            try #require(duration < Self.stallLimit, "\(context): took \(duration)")

            let foundationAccepts = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
            switch result {
            case .success(let file):
                loaded += 1
                try #require(foundationAccepts, "\(context): loaded bytes JSONSerialization rejects: \(Self.excerpt(bytes))")
                // What loads saves and loads again to the same rows.
                try #require(try RowsFile.decode(file.encoded(), file: "again.json") == file, "\(context): round trip")
            case .failure(let error):
                let position = try #require(error.position, "\(context): unlocated error \(error)")
                try #require(position.line >= 1 && position.column >= 1, "\(context): \(error)")
                try #require(error.description.hasPrefix("fuzz.json:\(position.line):\(position.column): "), "\(context): \(error)")
                if foundationAccepts {
                    let kind = Self.isTrailingComma(error, in: bytes) ? "trailing comma"
                        : Self.isAnotherEncoding(error, in: bytes) ? "UTF-16 or UTF-32" : "\(error.reason)".prefix { $0 != "(" }
                    stricter[String(kind), default: 0] += 1
                    try #require(Self.isDocumentedStricterReason(error.reason) || Self.isTrailingComma(error, in: bytes)
                                 || Self.isAnotherEncoding(error, in: bytes),
                                 "\(context): rejected valid JSON: \(error) in \(Self.excerpt(bytes))")
                }
            }
        }
        let stricterSummary = stricter.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("RowsImportFuzzTests shard \(shard) (seed \(seed)): \(Self.cases) cases, \(loaded) loaded, slowest \(slowest.duration) (case \(slowest.index)); valid JSON refused: \(stricterSummary)")
    }

    /// Whether `error` is the reader refusing a trailing comma (`[1,]`, `{"a":1,}`), which
    /// RFC 8259 forbids and `JSONSerialization` tolerates: a `]` or `}` right after a comma.
    static func isTrailingComma(_ error: RowsFileError, in bytes: [UInt8]) -> Bool {
        guard case .unexpectedCharacter(let found) = error.reason, found == "\"]\"" || found == "\"}\"",
              let position = error.position, let offset = offset(of: position, in: bytes) else { return false }
        let before = bytes[..<offset].last { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
        return before == UInt8(ascii: ",")
    }

    /// Whether `error` is the reader refusing what `JSONSerialization` reads as UTF-16 or
    /// UTF-32 (a NUL byte among the first four): the reader takes UTF-8 only.
    static func isAnotherEncoding(_ error: RowsFileError, in bytes: [UInt8]) -> Bool {
        error.reason == .invalidUTF8 && bytes.prefix(4).contains(0)
    }

    /// The byte offset of a line and column (columns count Unicode scalars, as the reader's do).
    static func offset(of position: SourcePosition, in bytes: [UInt8]) -> Int? {
        var line = 1
        var column = 1
        for (index, byte) in bytes.enumerated() {
            if line == position.line && column == position.column { return index }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return line == position.line && column == position.column ? bytes.count : nil
    }

    /// The start of `bytes` for a failure message.
    static func excerpt(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription
    }

    @Test func aRowWithAHundredThousandUnknownKeysLoads() throws {
        let keys = (0..<100_000).map { "\"extra\($0)\":\($0)" }.joined(separator: ",")
        let document = "{\"schemaVersion\":1,\"rows\":[{\"id\":1,\"kind\":\"note\",\"text\":\"hi\",\(keys)}],\(keys)}"
        let file = try RowsFile.decode(Array(document.utf8), file: "wide.json")
        #expect(file.rows.count == 1 && file.rows[0].extraFields.count == 100_000)
        #expect(file.extraFields.count == 100_000)
        // A repeated key is still found, and located, among them.
        let repeated = "{\"schemaVersion\":1,\"rows\":[{\"id\":1,\"kind\":\"note\",\"text\":\"hi\",\(keys),\"extra99999\":0}]}"
        #expect(throws: RowsFileError.self) { try RowsFile.decode(Array(repeated.utf8), file: "wide.json") }
        do {
            _ = try RowsFile.decode(Array(repeated.utf8), file: "wide.json")
        } catch {
            #expect(error.reason == .duplicateKey("extra99999") && error.position?.line == 1)
        }
    }
}
