import CGtk
import GtkBridge
import TableModel

/// The model's text measuring (T4) done with Pango, in the same font map, resolution and
/// font options as the widgets that will show the text, so the two agree to the pixel.
///
/// Plain text is measured as GtkTextView lays it out: one Pango layout per paragraph, each
/// paragraph's height rounded to the nearest pixel, heights summed (checked against real text
/// views by the UI tests). Markup is measured as one layout rounded up, as GtkLabel does.
/// Used on the main thread only, like the widget whose Pango context it borrows.
final class PangoTextMeasurer: TextMeasuring {
    private let context: OwnedObject

    /// - Parameter context: a widget's Pango context (`gtk_widget_get_pango_context`); kept alive here.
    init(context: OpaquePointer) {
        self.context = OwnedObject(retaining: context)
    }

    /// The notes' paragraph layouts, kept for the drawn notes that show them next.
    let keptNoteLayouts = NoteParagraphLayouts()

    /// - Complexity: O(length of the text), Pango's shaping cost.
    func measure(_ request: TextMeasureRequest) -> Size {
        if request.isMarkup {
            let layout = makeLayout(request)
            pango_layout_set_markup(layout.ref.opaque, request.text, -1)
            NoHyphens.apply(to: layout.ref.opaque)
            return pixelSize(layout.ref.opaque)
        }
        return measureParagraphs(request).reduce(Size.zero) { total, paragraph in
            Size(width: max(total.width, paragraph.width), height: total.height + paragraph.height)
        }
    }

    /// Each paragraph laid out alone, as ``measure(_:)`` lays out plain text.
    /// - Complexity: O(length of the text), Pango's shaping cost.
    func paragraphHeights(_ request: TextMeasureRequest) -> [Double] {
        measureParagraphs(request).map(\.height)
    }

    /// Plain text's paragraphs, each in a layout of its own: its width rounded up, its height
    /// rounded to the nearest pixel, as GtkTextView places them. Short notes' layouts are kept
    /// for the drawn note that shows them next (`keptNoteLayouts`).
    private func measureParagraphs(_ request: TextMeasureRequest) -> [Size] {
        let layout = makeLayout(request)
        NoHyphens.apply(to: layout.ref.opaque)
        let keeps = request.wrap == .wordChar && request.maxWidth != nil && keptNoteLayouts.wants(request.text, font: request.font)
        var kept: [OwnedObject] = []
        var sizes: [Size] = []
        for paragraph in request.text.split(separator: "\n", omittingEmptySubsequences: false) {
            let paragraphLayout = keeps ? OwnedObject(adopting: pango_layout_copy(layout.ref.opaque)!) : layout
            if keeps { kept.append(paragraphLayout) }
            pango_layout_set_text(paragraphLayout.ref.opaque, String(paragraph), -1)
            var width: Int32 = 0
            var height: Int32 = 0
            pango_layout_get_size(paragraphLayout.ref.opaque, &width, &height)
            let scale = Double(PANGO_SCALE)
            sizes.append(Size(width: (Double(width) / scale).rounded(.up), height: (Double(height) / scale).rounded(.toNearestOrAwayFromZero)))
        }
        if keeps { keptNoteLayouts.keep(kept, for: .init(text: request.text, width: pango_layout_get_width(layout.ref.opaque))) }
        return sizes
    }

    /// How many characters of `text` no installed font can draw: Pango would show them as
    /// boxes ("tofu"). The automation state reports it, so tests can prove scripts render.
    func unknownGlyphCount(_ text: String, font: FontDescription) -> Int {
        let layout = makeLayout(font: font)
        pango_layout_set_text(layout.ref.opaque, text, -1)
        return Int(pango_layout_get_unknown_glyphs_count(layout.ref.opaque))
    }

    /// A new layout, owned by the caller, in `request`'s font, wrapped as it says.
    private func makeLayout(_ request: TextMeasureRequest) -> OwnedObject {
        let layout = makeLayout(font: request.font)
        if let width = request.maxWidth, width.isFinite, request.wrap != .none {
            pango_layout_set_width(layout.ref.opaque, Int32(max(0, width) * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout.ref.opaque, Self.pangoWrap(request.wrap))
        }
        return layout
    }

    /// A new layout, owned by the caller, in this context, set in `font`.
    private func makeLayout(font: FontDescription) -> OwnedObject {
        let layout = OwnedObject(adopting: pango_layout_new(context.ref.opaque)!)
        let description = pango_font_description_new()!
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight.value)))
        pango_layout_set_font_description(layout.ref.opaque, description)
        return layout
    }

    private func pixelSize(_ layout: OpaquePointer) -> Size {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return Size(width: Double(width), height: Double(height))
    }

    private static func pangoWrap(_ wrap: WrapMode) -> PangoWrapMode {
        switch wrap {
        case .none, .word: PANGO_WRAP_WORD
        case .char: PANGO_WRAP_CHAR
        case .wordChar: PANGO_WRAP_WORD_CHAR
        }
    }
}
