import CGtk
import GtkBridge

/// Text is never hyphenated where it has none (W14). Pango (1.44 and later) draws a hyphen at
/// the end of a line that breaks inside a word, which word-or-char wrapping does to any token
/// longer than a line: a checksum, base64, a path. Someone copying one by eye would copy the
/// hyphen too. Every wrapped text the table shows or measures turns that off, the same way, so
/// the measure and the drawing still agree.
enum NoHyphens {
    /// Keeps `layout` from inserting hyphens, on top of the attributes it has (set markup
    /// first: markup replaces them). Pango alone: any thread that owns the layout.
    /// - Complexity: O(attributes the layout has).
    static func apply(to layout: OpaquePointer) {
        let attributes = pango_layout_get_attributes(layout).map { pango_attr_list_copy($0)! } ?? pango_attr_list_new()!
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
    }

    /// Keeps `label` from inserting hyphens (merged with its markup's attributes).
    @MainActor static func apply(toLabel label: GObjectRef) {
        let attributes = pango_attr_list_new()!
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        gtk_label_set_attributes(label(), attributes)
        pango_attr_list_unref(attributes)
    }

    /// Keeps `buffer`'s text from hyphenation: a tag without hyphens goes over every text
    /// inserted, as it is inserted, so it covers the whole text.
    /// - Complexity: O(characters inserted) per insertion.
    @MainActor static func apply(toBuffer buffer: GObjectRef) {
        // Ours goes when this returns: the buffer's tag table keeps the tag as long as the buffer.
        let made = OwnedObject(adopting: cgtk_text_tag_new_without_hyphens()!)
        gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer()), made.ref())
        let tag: UnsafeMutablePointer<GtkTextTag> = made.ref()
        // After the default handler, the location is the end of the inserted text.
        buffer.onTextInserted { location, characters in
            var start = location.pointee
            gtk_text_iter_backward_chars(&start, Int32(characters))
            gtk_text_buffer_apply_tag(buffer(), tag, &start, location)
        }
    }
}
