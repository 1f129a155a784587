import BenchSupport
import Foundation
import TableModel

/// The rows as GTK's list widgets show them: one text per row, read from the same D3 file
/// our table opens, with the same decoder.
struct PeerRows {
    /// Each row's text: a note's text, a toggle's or header's title, a grid's chips, a rich
    /// row's source.
    var texts: [String]
    /// The first expanded note, the row typed into.
    var typingTarget: Int?

    /// - Throws: ``RowsFileError`` when the file cannot be read or decoded.
    /// - Complexity: O(size of the file).
    static func load(path: String) throws(RowsFileError) -> PeerRows {
        var store = RowsFileStore(path: path)
        let rows = try store.load().rows
        var typingTarget: Int?
        let texts = rows.enumerated().map { index, row -> String in
            switch row.content {
            case .note(let text, let expanded):
                if expanded, typingTarget == nil, index < BenchmarkScript.typingSearchLimit { typingTarget = index }
                return text
            case .toggle(let title, _), .header(let title): return title
            case .grid(let chips): return chips.joined(separator: " · ")
            case .rich(let source): return "Rich content from \(source)"
            }
        }
        return PeerRows(texts: texts, typingTarget: typingTarget)
    }
}
