import GtkBridge
import TableModel

/// The paragraph layouts `PangoTextMeasurer` made for the last notes it measured, kept for the
/// drawn note (`NoteTextPreview`) that shows the same text at the same width next, so a note
/// scrolled into view has its text shaped once, not once by the model and again by its cell.
///
/// Only plain text in `font` (the notes' font, set with the metrics) wrapped word-or-char is
/// kept, and only short notes: a long one is laid out lazily by its cell, a screenful at a time.
/// A cell takes the layouts it uses (`take`); what no cell takes is dropped oldest first.
///
/// Invariant: every entry owns one layout per paragraph of its text, in order,
/// made in `font` at its width; at most `capacity` entries are kept.
/// Used on the main thread only, like the measurer.
final class NoteParagraphLayouts {
    /// About two screens of notes.
    static let capacity = 48
    /// Longer notes are not kept.
    static let paragraphLimit = 32
    static let byteLimit = 8 * 1024

    struct Key: Hashable {
        let text: String
        /// The wrap width, in Pango units.
        let width: Int32
    }

    /// The font of the notes' text: requests in another font are not kept. Changing it drops
    /// every entry.
    var font: FontDescription? {
        didSet { if font != oldValue { removeAll() } }
    }
    private var entries: [Key: [OwnedObject]] = [:]
    /// Keys oldest first; may name entries already taken.
    private var order: [Key] = []

    /// Whether a measurement of `text` should make layouts to keep.
    ///
    /// - Complexity: O(1) when not, else O(length of `text`) (at most `byteLimit`).
    func wants(_ text: String, font requestFont: FontDescription) -> Bool {
        guard requestFont == font, text.utf8.count <= Self.byteLimit else { return false }
        return text.utf8.lazy.filter { $0 == UInt8(ascii: "\n") }.count < Self.paragraphLimit
    }

    /// Keeps `layouts` for `key`.
    ///
    /// - Complexity: O(`capacity`) at most, for dropping the oldest entry.
    func keep(_ layouts: [OwnedObject], for key: Key) {
        if entries.updateValue(layouts, forKey: key) == nil { order.append(key) }
        while entries.count > Self.capacity, !order.isEmpty {
            entries.removeValue(forKey: order.removeFirst())
        }
        if order.count > 4 * Self.capacity { order = order.filter { entries[$0] != nil } }
    }

    /// The layouts kept for `key`, now the caller's, or nil.
    ///
    /// - Complexity: O(1) expected.
    func take(_ key: Key) -> [OwnedObject]? {
        entries.removeValue(forKey: key)
    }

    private func removeAll() {
        entries.removeAll()
        order.removeAll()
    }
}
