import CGtk
import GtkBridge

/// The text tag that highlights the find bar's words in a note's text view (F1): the same
/// colour as the drawn note's highlight. One per buffer; applying it again first clears it.
@MainActor
struct FindMatchTag {
    private let buffer: GObjectRef
    private let tag: UnsafeMutablePointer<GtkTextTag>

    /// Adds the tag to `buffer`'s tag table.
    init(buffer: GObjectRef) {
        self.buffer = buffer
        // Ours goes at the end of init: the buffer's tag table keeps the tag as long as the buffer.
        let made = OwnedObject(adopting: gtk_text_tag_new("find-match")!)
        var color = NoteTextPreview.highlightColor
        var value = GValue()
        g_value_init(&value, gdk_rgba_get_type())
        g_value_set_boxed(&value, &color)
        g_object_set_property(made.ref.object, "background-rgba", &value)
        g_value_unset(&value)
        gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer()), made.ref())
        tag = made.ref()
    }

    /// Tags the words of the buffer's text that begin with one of `words` (folded), and
    /// nothing else.
    /// - Complexity: O(length of the text × words).
    func apply(_ words: [String], text: String) {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer(), &start, &end)
        gtk_text_buffer_remove_tag(buffer(), tag, &start, &end)
        for match in FindHighlights.matches(in: Substring(text), folded: words) {
            gtk_text_buffer_get_iter_at_offset(buffer(), &start, Int32(match.scalars.lowerBound))
            gtk_text_buffer_get_iter_at_offset(buffer(), &end, Int32(match.scalars.upperBound))
            gtk_text_buffer_apply_tag(buffer(), tag, &start, &end)
        }
    }
}
