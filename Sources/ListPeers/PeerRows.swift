import BenchSupport
import Foundation
import RowStore
import TableModel

/// The rows as GTK's list widgets show them, read from the same rows database our table
/// opens, through the same store (``RowDatabase``): each row's text (a note's text, else its
/// title) for the list's model, and its kind's content. A GTK list has no lazy source, so
/// every row is read in full at start-up, as a GTK app would. Rich rows' markup is read from
/// the same files under `data/`.
struct PeerRows {
    /// Each row's text: a note's text, a toggle's or header's title, a grid's chips joined, a
    /// rich row's source.
    var texts: [String]
    var contents: [PeerRowContent]
    /// The first expanded note, the row typed into.
    var typingTarget: Int?

    /// - Parameter dataFolder: where `rich/…` sources are found (our app's data folder).
    /// - Throws: ``RowStoreError`` when the database cannot be opened or read.
    /// - Complexity: O(size of the rows), each distinct markup file read once.
    static func load(path: String, dataFolder: URL) throws(RowStoreError) -> PeerRows {
        let rows = try RowDatabase.openRows(at: path).loadRows().rows
        var typingTarget: Int?
        var markupBySource: [String: String?] = [:]
        func markup(_ source: String) -> String? {
            if let cached = markupBySource[source] { return cached }
            let url = dataFolder.appendingPathComponent(source)
            let text = FileManager.default.contents(atPath: url.path)
                .flatMap { String(data: $0, encoding: .utf8) }?.trimmingCharacters(in: .whitespacesAndNewlines)
            markupBySource[source] = text
            return text
        }
        var texts: [String] = []
        var contents: [PeerRowContent] = []
        texts.reserveCapacity(rows.count)
        contents.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            switch row.content {
            case .note(let text, let expanded):
                if expanded, typingTarget == nil, index < BenchmarkScript.typingSearchLimit { typingTarget = index }
                texts.append(text)
                contents.append(.note)
            case .toggle(let title, _):
                texts.append(title)
                contents.append(.title(title, isHeader: false))
            case .header(let title):
                texts.append(title)
                contents.append(.title(title, isHeader: true))
            case .grid(let chips):
                texts.append(chips.joined(separator: " · "))
                contents.append(.grid(chips))
            case .rich(let source):
                texts.append(source)
                contents.append(.rich(markup: markup(source), fallback: "Rich content from \(source)"))
            case .web:
                texts.append("Web content")
                contents.append(.rich(markup: nil, fallback: "Web content"))
            }
        }
        return PeerRows(texts: texts, contents: contents, typingTarget: typingTarget)
    }
}
