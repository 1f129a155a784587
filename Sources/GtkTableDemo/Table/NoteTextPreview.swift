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
/// Assistive technology reads it as a label named "Note" whose description is the whole text
/// (GTK 4.8 offers custom widgets no text interface), as it reads the text view's text.
///
/// Paragraphs are laid out lazily, from the top, only as far down as something needs: drawing,
/// a hit test, or the widget's own measure (which needs them all). So a collapsed note of
/// 100,000 lines shapes the few lines its 64 px show.
///
/// What it draws never depends on where the widget was when it was drawn: GTK 4 keeps a
/// widget's render node while the widget only moves, so a drawing clipped to the window at
/// snapshot time would stay clipped there after a scroll (notes drawn blank). The table says
/// which band of the note its viewport shows after every placement (`show(band:)`); the note
/// draws a `drawnBand` around it, whole tiles of `tileHeight` with one tile to spare either
/// side, and queues a new draw only when the band shown leaves the band drawn. A note shorter
/// than a tile is always drawn whole.
///
/// Invariant: `layouts` are the first `layouts.count` paragraphs laid out at `layoutWidth`
/// with the context at `contextSerial`, each at its top; `laidOutHeight` is where the next
/// paragraph starts. After a frame, `painted` is what that frame's snapshot drew, and it
/// covers the band the table last showed.
@MainActor
final class NoteTextPreview: ContainerDrawing {
    private(set) var widget: GObjectRef!
    private(set) var text = ""
    private var paragraphs: [Substring] = [""]
    /// The first paragraphs' layouts and their tops in px.
    private var layouts: [(layout: OwnedObject, top: Int32)] = []
    private var laidOutHeight: Int32 = 0
    /// The find bar's words, folded (``FindHighlights``), and each paragraph's matches by
    /// paragraph index, found as paragraphs are drawn.
    private var findWords: [String] = []
    private var paragraphMatches: [Int: [FindHighlights.Match]] = [:]
    private var layoutWidth: Int32 = -1
    /// The Pango context's serial when the layouts were made: GTK updates the context in place
    /// when the CSS font or the text resolution changes, and the layouts must follow it.
    private var contextSerial: UInt32 = 0
    /// The band of the widget (its own y) drawn at the next snapshot; nil: all of it.
    private var drawnBand: Range<Int32>?
    /// What the last snapshot drew: the paragraphs `first..<end` and the y from the first's
    /// top to the last's bottom, for the text `revision` it had, laid out `width` px wide with
    /// the Pango context's `serial` (its font). Nil before the first.
    /// `fadedFrom`: the text ran on below the widget, so the painting stopped at the last whole
    /// line (its `bottom`), drawn faded from this y; the rest of the widget is blank on purpose.
    private(set) var painted: (first: Int, end: Int, top: Int32, bottom: Int32, fadedFrom: Int32?, revision: Int, width: Int32, serial: UInt32)?
    /// Counts changes of the text and drops of its layouts, so a painting can be told from an
    /// older one. Laying the text out at another width to measure it does not count: the
    /// painting at the allocated width stays right.
    private var revision = 0
    /// The drawn band's granularity, in px.
    static let tileHeight: Int32 = 1024
    /// Where the model's measurer keeps the layouts it made for the notes it measured: a
    /// note's text new to this widget is taken from there when it is, so it is shaped once.
    var keptLayouts: NoteParagraphLayouts?

    init() {
        widget = Container.make(cssName: "note-text", role: GTK_ACCESSIBLE_ROLE_LABEL, layout: self)
        gtk_widget_set_overflow(widget.widget, GTK_OVERFLOW_HIDDEN)
        widget.setAccessibleLabel(tr("Note"))
    }

    /// The widget goes: its layouts go with it.
    func containerWillDispose(_ container: GObjectRef) {
        forgetLayouts()
    }

    /// Shows `text` (laid out again only when it differs). Its size request changes with it
    /// (GTK caches measures until a resize is queued), though the note row allocates this
    /// widget the model's height whatever its own measure says.
    /// - Complexity: O(length of the text) to split it into paragraphs and hand it to the
    ///   accessible description.
    func setText(_ newText: String) {
        guard newText != text else { return }
        text = newText
        paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        paragraphMatches = [:]
        widget.setAccessibleDescription(text)
        revision &+= 1
        forgetLayouts()
        gtk_widget_queue_resize(widget.widget)
    }

    /// Highlights the words that begin with one of `words` (folded, F1); redraws when they
    /// changed.
    /// - Complexity: O(1); matches are found per paragraph when it is drawn.
    func highlight(_ words: [String]) {
        guard words != findWords else { return }
        findWords = words
        paragraphMatches = [:]
        gtk_widget_queue_draw(widget.widget)
    }

    /// The colour behind a highlighted word.
    static let highlightColor = GdkRGBA(red: 0.98, green: 0.80, blue: 0.18, alpha: 0.6)

    /// Fills the boxes of paragraph `index`'s matches (in its own coordinates) with the
    /// highlight colour: each from its first character's left edge to its last's right edge,
    /// on each line it spans.
    private func drawHighlights(ofParagraph index: Int, _ layout: OpaquePointer, width: Int32, in snapshot: OpaquePointer) {
        guard !findWords.isEmpty else { return }
        let matches = paragraphMatches[index] ?? FindHighlights.matches(in: paragraphs[index], folded: findWords)
        paragraphMatches[index] = matches
        var color = Self.highlightColor
        let scale = Float(PANGO_SCALE)
        for match in matches {
            var start = PangoRectangle()
            var last = PangoRectangle()
            pango_layout_index_to_pos(layout, Int32(match.bytes.lowerBound), &start)
            pango_layout_index_to_pos(layout, Int32(match.bytes.upperBound), &last)
            let lineStart = min(start.x, start.x + start.width)
            let lineEnd = max(last.x, last.x + last.width)
            if start.y == last.y {
                var box = graphene_rect_t(
                    origin: .init(x: Float(min(lineStart, last.x)) / scale, y: Float(start.y) / scale),
                    size: .init(width: Float(abs(last.x - start.x)) / scale, height: Float(start.height) / scale))
                gtk_snapshot_append_color(snapshot, &color, &box)
            } else {
                var first = graphene_rect_t(
                    origin: .init(x: Float(lineStart) / scale, y: Float(start.y) / scale),
                    size: .init(width: max(0, Float(width) - Float(lineStart) / scale), height: Float(start.height) / scale))
                var second = graphene_rect_t(
                    origin: .init(x: 0, y: Float(last.y) / scale), size: .init(width: Float(lineEnd - last.width) / scale, height: Float(last.height) / scale))
                gtk_snapshot_append_color(snapshot, &color, &first)
                gtk_snapshot_append_color(snapshot, &color, &second)
            }
        }
    }

    /// Lets every layout go; the next draw or measure lays the text out again.
    func dropLayouts() {
        revision &+= 1
        forgetLayouts()
        gtk_widget_queue_resize(widget.widget)
    }

    /// The table shows `band` of this widget (its own y; empty or outside it when none shows).
    /// Queues a draw when part of it lies outside the band drawn.
    /// - Complexity: O(1).
    func show(band: Range<Int32>) {
        let needed = band.clamped(to: 0..<max(0, gtk_widget_get_height(widget.widget)))
        guard !needed.isEmpty else { return }
        guard let drawn = drawnBand else {
            // Drawn whole so far: the band only narrows what the next draw does.
            drawnBand = Self.tiles(around: needed)
            return
        }
        guard needed.lowerBound < drawn.lowerBound || needed.upperBound > drawn.upperBound else { return }
        drawnBand = Self.tiles(around: needed)
        gtk_widget_queue_draw(widget.widget)
    }

    /// The whole tiles that hold `band`, and one more on either side.
    private static func tiles(around band: Range<Int32>) -> Range<Int32> {
        let first = band.lowerBound / tileHeight - 1
        let end = (band.upperBound + tileHeight - 1) / tileHeight + 1
        return first * tileHeight..<end * tileHeight
    }

    private func forgetLayouts() {
        layouts = []
        laidOutHeight = 0
        layoutWidth = -1
    }

    /// Lays paragraphs out for a widget `width` px wide until they reach below `bottom` (or
    /// all of them, for nil), keeping those already laid out at this width and font.
    /// - Complexity: O(length of the paragraphs newly laid out), Pango's shaping.
    private func layOut(width: Int32, through bottom: Int32?) {
        let serial = pango_context_get_serial(gtk_widget_get_pango_context(widget.widget))
        if width != layoutWidth || serial != contextSerial {
            forgetLayouts()
            layoutWidth = width
            contextSerial = serial
        }
        let wrapWidth = max(1, width - Int32(2 * RowStyle.note.textInset + RowStyle.note.caretReserve))
        // GtkTextView starts each paragraph on its own side (its direction, or the widget's when
        // it has no strong character). The context's base direction is the widget's, and Pango
        // swaps the alignment of a paragraph whose direction is the other one: so "right" in a
        // right-to-left widget and "left" otherwise put every paragraph at its start.
        let alignment = gtk_widget_get_direction(widget.widget) == GTK_TEXT_DIR_RTL ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
        if layouts.isEmpty, alignment == PANGO_ALIGN_LEFT { adoptKeptLayouts(wrapWidth: wrapWidth) }
        while layouts.count < paragraphs.count, bottom.map({ laidOutHeight <= $0 }) ?? true {
            let layout = gtk_widget_create_pango_layout(widget.widget, String(paragraphs[layouts.count]))!
            pango_layout_set_width(layout, wrapWidth * Int32(PANGO_SCALE))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_alignment(layout, alignment)
            NoHyphens.apply(to: layout)
            appendParagraph(OwnedObject(adopting: layout))
        }
    }

    /// Places the next paragraph's `layout` at `laidOutHeight`,
    /// and moves that down by its rounded height.
    private func appendParagraph(_ layout: OwnedObject) {
        var logicalWidth: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(layout.ref.opaque, &logicalWidth, &height)
        layouts.append((layout, laidOutHeight))
        laidOutHeight += Int32((Double(height) / Double(PANGO_SCALE)).rounded(.toNearestOrAwayFromZero))
    }

    /// Takes the measurer's layouts of this text at this wrap width, if it kept them: made in
    /// the notes' font, wrapped word-or-char and aligned left, as this widget lays out a
    /// left-to-right note.
    /// - Complexity: O(paragraphs).
    private func adoptKeptLayouts(wrapWidth: Int32) {
        guard let kept = keptLayouts?.take(.init(text: text, width: wrapWidth * Int32(PANGO_SCALE))) else { return }
        guard kept.count == paragraphs.count else { return }
        kept.forEach(appendParagraph)
    }

    /// The text's height at `width`, by this widget's own layout of every paragraph.
    func textHeight(atWidth width: Int32) -> Int32 {
        layOut(width: width, through: nil)
        return laidOutHeight
    }

    /// The character (Unicode scalar, as GtkTextBuffer counts) offset in `text` nearest to
    /// the point (x, y) in this widget's coordinates, as a click in a GtkTextView would put the
    /// caret: the nearest line, and after the character when the point is past its middle.
    /// Hidden (the text view took its place), it answers at the width it was last laid out at.
    func characterOffset(atX x: Double, y: Double) -> Int {
        layOut(width: layoutWidth > 0 ? layoutWidth : gtk_widget_get_width(widget.widget), through: Int32(max(0, y)))
        guard !layouts.isEmpty else { return 0 }
        let index = layouts.lastIndex { Double($0.top) <= y } ?? 0
        let paragraph = layouts[index]
        let bottom = index + 1 < layouts.count ? layouts[index + 1].top : laidOutHeight
        let localY = min(max(0, y - Double(paragraph.top)), Double(max(1, bottom - paragraph.top)) - 1)
        let scale = Double(PANGO_SCALE)
        var byte: Int32 = 0
        var trailing: Int32 = 0
        pango_layout_xy_to_index(
            paragraph.layout.ref.opaque, Int32((x - RowStyle.note.textInset) * scale), Int32(localY * scale), &byte, &trailing)
        let before = paragraphs.prefix(index).reduce(0) { $0 + $1.unicodeScalars.count + 1 }
        let utf8 = paragraphs[index].utf8
        let prefix = utf8.index(utf8.startIndex, offsetBy: min(max(0, Int(byte)), utf8.count))
        let scalars = paragraphs[index].unicodeScalars[..<prefix].count
        return min(before + scalars + Int(trailing), text.unicodeScalars.count)
    }

    // MARK: ContainerDrawing

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        guard orientation == GTK_ORIENTATION_VERTICAL, forSize > 0 else { return (0, 0) }
        return (0, textHeight(atWidth: forSize))
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {}

    /// Draws the paragraphs that reach into both the allocation and the drawn band (a very
    /// tall expanded note is mostly outside the window), in the CSS colour. When the text runs
    /// on below the allocation (a collapsed note that overflows, N2), only whole lines are
    /// drawn, and the last of them faded, to hint that more follows.
    /// - Complexity: O(log p) to find the first shown of p paragraphs, plus O(paragraphs shown).
    func snapshot(_ container: GObjectRef, _ snapshot: OpaquePointer) {
        let width = gtk_widget_get_width(container.widget)
        let height = gtk_widget_get_height(container.widget)
        let band = drawnBand ?? 0..<Int32.max
        let top = max(0, band.lowerBound)
        let bottom = min(height, band.upperBound)
        painted = nil
        guard bottom > top else { return }
        layOut(width: width, through: bottom)
        // The first paragraph that ends below `top`: the last one starting at or above it.
        var low = 0
        var high = layouts.count
        while low < high {
            let middle = (low + high) / 2
            if layouts[middle].top <= top { low = middle + 1 } else { high = middle }
        }
        let first = max(0, low - 1)
        let end = layouts[first...].firstIndex { $0.top >= bottom } ?? layouts.count
        guard end > first else { return }
        let shown = first..<end
        let whole = bottom == height && laidOutHeight > height ? lastWholeLine(above: Float(height), in: shown) : nil
        let drawnBottom = whole.map(\.bottom) ?? Float(bottom)
        draw(shown, from: Float(top), to: whole?.top ?? drawnBottom, width: width, opacity: 1, in: snapshot)
        if let whole { draw(shown, from: whole.top, to: whole.bottom, width: width, opacity: Self.fadedLineOpacity, in: snapshot) }
        let paintedBottom = whole.map { Int32($0.bottom.rounded(.down)) } ?? (end < layouts.count ? layouts[end].top : laidOutHeight)
        painted = (first, end, layouts[first].top, paintedBottom, whole.map { Int32($0.top.rounded(.down)) }, revision, width, contextSerial)
    }

    /// How strongly the last whole line of an overflowing note is drawn.
    static let fadedLineOpacity = 0.45

    /// The paragraphs `shown`, clipped to the widget's y from `top` to `bottom`.
    private func draw(_ shown: Range<Int>, from top: Float, to bottom: Float, width: Int32, opacity: Double, in snapshot: OpaquePointer) {
        guard bottom > top else { return }
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget.widget), &color)
        var clip = graphene_rect_t(origin: .init(x: 0, y: top), size: .init(width: Float(width), height: bottom - top))
        gtk_snapshot_push_clip(snapshot, &clip)
        if opacity < 1 { gtk_snapshot_push_opacity(snapshot, opacity) }
        for (index, paragraph) in zip(shown, layouts[shown]) where Float(paragraph.top) < bottom {
            gtk_snapshot_save(snapshot)
            var origin = graphene_point_t(x: Float(RowStyle.note.textInset), y: Float(paragraph.top))
            gtk_snapshot_translate(snapshot, &origin)
            drawHighlights(ofParagraph: index, paragraph.layout.ref.opaque, width: width, in: snapshot)
            gtk_snapshot_append_layout(snapshot, paragraph.layout.ref.opaque, &color)
            gtk_snapshot_restore(snapshot)
        }
        if opacity < 1 { gtk_snapshot_pop(snapshot) }
        gtk_snapshot_pop(snapshot)
    }

    /// The last line among the paragraphs `shown` that ends at or above `limit` (the widget's
    /// y), as its top and bottom: lines sit in their paragraph where Pango puts them, as in a
    /// text view. Nil when not even the first line fits.
    /// - Complexity: O(lines of the paragraphs shown).
    private func lastWholeLine(above limit: Float, in shown: Range<Int>) -> (top: Float, bottom: Float)? {
        var last: (top: Float, bottom: Float)?
        let scale = Float(PANGO_SCALE)
        for paragraph in layouts[shown] where Float(paragraph.top) < limit {
            let lines = pango_layout_get_iter(paragraph.layout.ref.opaque)!
            defer { pango_layout_iter_free(lines) }
            repeat {
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(lines, nil, &logical)
                let lineTop = Float(paragraph.top) + Float(logical.y) / scale
                let lineBottom = lineTop + Float(logical.height) / scale
                guard lineBottom <= limit else { return last }
                last = (lineTop, lineBottom)
            } while pango_layout_iter_next_line(lines) != 0
        }
        return last
    }

    /// Whether the last painting is of the text as it is now, at the widget's width and font.
    var isPaintingCurrent: Bool {
        guard let painted else { return false }
        return painted.revision == revision && painted.width == gtk_widget_get_width(widget.widget)
            && painted.serial == pango_context_get_serial(gtk_widget_get_pango_context(widget.widget))
    }

    /// Whether the last snapshot drew every line of the current text that reaches into the
    /// widget's rows `top..<bottom` (its own y).

    func paintedCovers(_ band: Range<Int32>) -> Bool {
        guard !band.isEmpty, !text.isEmpty else { return true }
        guard let painted, isPaintingCurrent else { return false }
        let reachesTop = painted.first == 0 || painted.top <= band.lowerBound
        let reachesBottom = painted.end == paragraphs.count || painted.fadedFrom != nil || band.upperBound <= painted.bottom
        return reachesTop && reachesBottom
    }
}
