/// Generates rows for benchmarks and tests (D3): a header every ``headerInterval`` rows,
/// then a mix of notes (short, long, multi-line; English, Russian or Hindi), toggles, grids
/// and rich rows, and with ``webRowsPercent`` above 0 that share of web rows (H2's
/// benchmark). The same seed, count and share always give the same rows; ids are 1...count.
public struct RowsGenerator: Sendable {
    /// One section header starts every this many rows.
    public static let headerInterval = 50
    /// How many bytes the chunked output collects before handing a chunk over.
    public static let chunkSize = 1 << 20

    public let seed: UInt64
    /// Percent of rows (0...100) that are web rows: evenly spaced, each taking the place of
    /// the row generated there, so every other row is the same as with none.
    public let webRowsPercent: Int
    /// A word added to the end of every note's text and toggle's title and as a last chip of
    /// every grid, or nil: the find benchmark's query for about 90 % of rows (the rows that are
    /// neither headers nor rich). Every other row, and the random draws, are as without it.
    public let commonWord: String?

    /// - Complexity: O(1).
    public init(seed: UInt64, webRowsPercent: Int = 0, commonWord: String? = nil) {
        self.seed = seed
        self.webRowsPercent = min(max(webRowsPercent, 0), 100)
        self.commonWord = commonWord
    }

    /// The HTML of generated web rows: a heading, a wrapping paragraph and a small table, in
    /// colours that follow the page's colour scheme (the app's light or dark style).
    public static let webRowHTML = """
        <!doctype html><html><head><style>body{font:14px 'Noto Sans',sans-serif;color:light-dark(#222,#ddd)}\
        table{border-collapse:collapse}td,th{border:1px solid light-dark(#bbb,#5e5e5e);padding:2px 6px}</style></head>\
        <body><h4 style="margin:0 0 4px">Generated web row</h4><p style="margin:0 0 4px">Real HTML \
        in a pooled WebKit view, measured once it has loaded.</p><table><tr><th>Kind</th><th>Share</th>\
        </tr><tr><td>web</td><td>1 %</td></tr></table></body></html>
        """

    /// Whether the row at `index` is a web row.
    func isWebRow(_ index: Int) -> Bool {
        webRowsPercent > 0 && (index * webRowsPercent) / 100 != ((index + 1) * webRowsPercent) / 100
    }

    /// The first `count` rows, in memory.
    ///
    /// - Complexity: O(count).
    public func rows(count: Int) -> [Row] {
        var random = SplitMix64(seed: seed)
        return (0..<max(count, 0)).map { makeRow(index: $0, random: &random) }
    }

    /// The encoded file of `count` rows as a lazy sequence of chunks of about ``chunkSize``
    /// bytes, so a million rows never sit in memory at once.
    ///
    /// - Complexity: O(count) over the whole iteration.
    public func fileChunks(count: Int) -> Chunks {
        Chunks(generator: self, count: max(count, 0))
    }

    /// The chunks of a generated file; see ``RowsGenerator/fileChunks(count:)``.
    public struct Chunks: Sequence, Sendable {
        let generator: RowsGenerator
        let count: Int

        /// - Complexity: O(1).
        public func makeIterator() -> Iterator {
            Iterator(generator: generator, count: count)
        }

        public struct Iterator: IteratorProtocol {
            private let generator: RowsGenerator
            private let count: Int
            private var random: SplitMix64
            private var index = 0
            private var encoder: RowsFileEncoder
            private var finished = false

            init(generator: RowsGenerator, count: Int) {
                self.generator = generator
                self.count = count
                random = SplitMix64(seed: generator.seed)
                encoder = RowsFileEncoder(extraFields: [], reservingCapacity: RowsGenerator.chunkSize + 65536)
            }

            /// The next chunk of about ``RowsGenerator/chunkSize`` bytes; the last one closes the document.
            ///
            /// - Complexity: O(rows in the chunk).
            public mutating func next() -> [UInt8]? {
                guard !finished else { return nil }
                while index < count && encoder.writer.bytes.count < RowsGenerator.chunkSize {
                    encoder.append(generator.makeRow(index: index, random: &random))
                    index += 1
                }
                if index == count {
                    encoder.finish()
                    finished = true
                }
                return encoder.drain()
            }
        }
    }

    func makeRow(index: Int, random: inout SplitMix64) -> Row {
        let id = RowID(Int64(index) + 1)
        if index % Self.headerInterval == 0 {
            return Row(id: id, content: .header(title: "Section \(index / Self.headerInterval + 1)"))
        }
        let roll = Int.random(in: 0..<100, using: &random)
        let content: RowContent
        switch roll {
        case 0..<55: content = .note(text: noteText(random: &random), expanded: Int.random(in: 0..<10, using: &random) == 0)
        case 55..<80: content = .toggle(title: "Toggle \(id.rawValue)", open: Bool.random(using: &random))
        case 80..<92:
            let count = Int.random(in: 3...30, using: &random)
            content = .grid(chips: (0..<count).map { _ in SampleWords.chips.randomElement(using: &random)! })
        default: content = .rich(source: "rich/welcome.markup")
        }
        let marks = Int.random(in: 0..<20, using: &random)
        let shown = isWebRow(index) ? .web(html: Self.webRowHTML) : withCommonWord(content)
        return Row(id: id, content: shown, flagged: marks == 0, done: marks == 1)
    }

    /// `content` with ``commonWord`` added, when there is one and `content` is searchable text.
    private func withCommonWord(_ content: RowContent) -> RowContent {
        guard let word = commonWord else { return content }
        switch content {
        case .note(let text, let expanded): return .note(text: text + " " + word, expanded: expanded)
        case .toggle(let title, let open): return .toggle(title: title + " " + word, open: open)
        case .grid(let chips): return .grid(chips: chips + [word])
        default: return content
        }
    }

    private func noteText(random: inout SplitMix64) -> String {
        let script = Int.random(in: 0..<100, using: &random)
        let words = script < 70 ? SampleWords.english : script < 85 ? SampleWords.russian : SampleWords.hindi
        let shape = Int.random(in: 0..<100, using: &random)
        func sentence(_ count: Int, random: inout SplitMix64) -> String {
            (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
        }
        switch shape {
        case 0..<60:
            return sentence(Int.random(in: 1...8, using: &random), random: &random)
        case 60..<85:
            return sentence(Int.random(in: 25...90, using: &random), random: &random)
        default:
            let lines = Int.random(in: 2...8, using: &random)
            return (0..<lines).map { _ in sentence(Int.random(in: 1...6, using: &random), random: &random) }.joined(separator: "\n")
        }
    }
}
