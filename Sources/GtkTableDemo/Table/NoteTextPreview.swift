import CGtk
import GtkBridge
import TableModel

/// A note's text drawn, not edited: the form a note cell takes until its text is clicked or
/// tabbed into (then `NoteRowView` swaps in its GtkTextView). It lays the text out exactly as
/// GtkTextView does, so both forms show the same lines at the same pixels: one Pango layout per
/// paragraph, in the widget's own Pango context and CSS font, wrapped word-or-char at the
/// view's width less its side insets and its one-pixel caret reserve, each paragraph placed at
/// the sum of the rounded heights above it (as `PangoTextMeasurer` measures, so the model, the
/// text view and this widget agree). Drawing is `gtk_snapshot_append_layout`, the renderer
/// GtkTextView's own text goes through.
///
/// Invariant: `layouts` are the paragraphs of `text` laid out at `layoutWidth`, or empty
/// (laid out again on the next measure, allocation or snapshot).
@MainActor
final class NoteTextPreview: ContainerDrawing {
    private(set) var widget: GObjectRef!
    private(set) var text = ""
    /// Each paragraph's layout (+1 reference) and its top in px.
    private var layouts: [(layout: OpaquePointer, top: Int32)] = []
    private var layoutWidth: Int32 = -1
    /// The Pango context's serial when the layouts were made: GTK updates the context in place
    /// when the CSS font or the text resolution changes, and the layouts must follow it.
    private var contextSerial: UInt32 = 0
    private var totalHeight: Int32 = 0

    init() {
        widget = Container.make(cssName: "note-text", role: GTK_ACCESSIBLE_ROLE_LABEL, layout: self)
        gtk_widget_set_overflow(widget.widget, GTK_OVERFLOW_HIDDEN)
        widget.setAccessibleLabel("Note")
    }

    /// The widget goes: its layouts go with it.
    func containerWillDispose(_ container: GObjectRef) {
        for paragraph in layouts { g_object_unref(UnsafeMutableRawPointer(paragraph.layout)) }
        layouts = []
        layoutWidth = -1
    }

    /// Shows `text` (laid out again only when it differs).
    func setText(_ newText: String) {
        guard newText != text else { return }
        text = newText
        invalidate()
    }

    /// Forgets the layouts and redraws. No resize: the note row allocates this widget the
    /// model's height, whatever its own measure says (and binding runs inside the table's
    /// allocation, where a resize would leave rows unallocated for a frame).
    private func invalidate() {
        for paragraph in layouts { g_object_unref(UnsafeMutableRawPointer(paragraph.layout)) }
        layouts = []
        layoutWidth = -1
        gtk_widget_queue_draw(widget.widget)
    }

    /// The width Pango wraps at inside a widget `width` px wide, as GtkTextView computes it.
    private static func wrapWidth(for width: Int32) -> Int32 {
        let note = RowStyle.note
        return max(1, width - Int32(2 * note.textInset + note.caretReserve))
    }

    /// Lays the paragraphs out for a widget `width` px wide, unless they already are.
    /// - Complexity: O(length of the text), Pango's shaping, once per text and width.
    private func layOut(width: Int32) {
        let serial = pango_context_get_serial(gtk_widget_get_pango_context(widget.widget))
        guard width != layoutWidth || serial != contextSerial else { return }
        contextSerial = serial
        for paragraph in layouts { g_object_unref(UnsafeMutableRawPointer(paragraph.layout)) }
        layouts = []
        layoutWidth = width
        var top: Int32 = 0
        let pangoWidth = Self.wrapWidth(for: width) * Int32(PANGO_SCALE)
        // GtkTextView starts each paragraph on its own side (its direction, or the widget's when
        // it has no strong character). The context's base direction is the widget's, and Pango
        // swaps the alignment of a paragraph whose direction is the other one: so "right" in a
        // right-to-left widget and "left" otherwise put every paragraph at its start.
        let rightToLeft = gtk_widget_get_direction(widget.widget) == GTK_TEXT_DIR_RTL
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let layout = gtk_widget_create_pango_layout(widget.widget, String(paragraph))!
            pango_layout_set_width(layout, pangoWidth)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_alignment(layout, rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
            var logicalWidth: Int32 = 0
            var height: Int32 = 0
            pango_layout_get_size(layout, &logicalWidth, &height)
            layouts.append((layout, top))
            top += Int32((Double(height) / Double(PANGO_SCALE)).rounded(.toNearestOrAwayFromZero))
        }
        totalHeight = top
    }

    /// The text's height at `width`, by this widget's own layout.
    func textHeight(atWidth width: Int32) -> Int32 {
        layOut(width: width)
        return totalHeight
    }

    /// The character (Unicode scalar, as GtkTextBuffer counts) offset in `text` nearest to
    /// the point (x, y) in this widget's coordinates, as a click in a GtkTextView would put the
    /// caret: the nearest line, and after the character when the point is past its middle.
    /// Hidden (the text view took its place), it answers at the width it was last laid out at.
    func characterOffset(atX x: Double, y: Double) -> Int {
        layOut(width: layoutWidth > 0 ? layoutWidth : gtk_widget_get_width(widget.widget))
        guard !layouts.isEmpty else { return 0 }
        let index = layouts.lastIndex { Double($0.top) <= y } ?? 0
        let paragraph = layouts[index]
        let inset = RowStyle.note.textInset
        var byte: Int32 = 0
        var trailing: Int32 = 0
        let scale = Double(PANGO_SCALE)
        let localY = min(max(0, y - Double(paragraph.top)), Double(paragraphHeight(index)) - 1)
        pango_layout_xy_to_index(paragraph.layout, Int32((x - inset) * scale), Int32(localY * scale), &byte, &trailing)
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        let before = paragraphs.prefix(index).reduce(0) { $0 + $1.unicodeScalars.count + 1 }
        let utf8 = paragraphs[index].utf8
        let prefix = utf8.index(utf8.startIndex, offsetBy: min(max(0, Int(byte)), utf8.count))
        let scalars = paragraphs[index].unicodeScalars[..<prefix].count
        return min(before + scalars + Int(trailing), text.unicodeScalars.count)
    }

    private func paragraphHeight(_ index: Int) -> Int32 {
        (index + 1 < layouts.count ? layouts[index + 1].top : totalHeight) - layouts[index].top
    }

    // MARK: ContainerDrawing

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        guard orientation == GTK_ORIENTATION_VERTICAL, forSize > 0 else { return (0, 0) }
        return (0, textHeight(atWidth: forSize))
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        layOut(width: width)
    }

    /// Draws the paragraphs that reach into the allocation, in the CSS colour.
    /// - Complexity: O(paragraphs shown).
    func snapshot(_ container: GObjectRef, _ snapshot: OpaquePointer) {
        let width = gtk_widget_get_width(container.widget)
        let height = gtk_widget_get_height(container.widget)
        layOut(width: width)
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(container.widget), &color)
        let inset = Float(RowStyle.note.textInset)
        for paragraph in layouts {
            guard paragraph.top < height else { break }
            gtk_snapshot_save(snapshot)
            var origin = graphene_point_t(x: inset, y: Float(paragraph.top))
            gtk_snapshot_translate(snapshot, &origin)
            gtk_snapshot_append_layout(snapshot, paragraph.layout, &color)
            gtk_snapshot_restore(snapshot)
        }
    }
}
