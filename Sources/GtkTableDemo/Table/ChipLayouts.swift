import CGtk
import GtkBridge

/// One Pango layout per chip title, shared by every `ChipView` that shows it, so a title is
/// shaped once however many grids show it.
///
/// A layout is made in the Pango context of the chip that first asks, which carries the CSS
/// font of `label.chip`, the text resolution and the font options. Every chip's context has
/// the same ones; when they change at run time (GtkSettings `gtk-font-name`, `gtk-xft-dpi`)
/// the next chip to ask brings the new ones and the cache starts over.
///
/// Invariant: every layout in `layouts` was made in a context with `settings`.
@MainActor
enum ChipLayouts {
    /// More titles than this and the cache starts over: chips come from a small vocabulary,
    /// and a grid of 10,000 distinct chips should not keep 10,000 layouts.
    static let capacity = 1_024

    /// What a context gives a layout that can change its shape.
    private struct Settings: Equatable {
        let fontHash: UInt32
        let resolution: Double
        let optionsHash: UInt
        let direction: PangoDirection
    }

    private static var settings: Settings?
    /// Bumped each time the cache starts over, so a chip's own ellipsized copy can tell its
    /// source is gone.
    private(set) static var generation = 0
    /// Titles' layouts, one reference each.
    private static var layouts: [String: OwnedObject] = [:]

    /// The shared layout of `title` in `widget`'s font: do not change it.
    ///
    /// - Complexity: O(1) expected when cached, else O(length of `title`), Pango's shaping.
    static func layout(for title: String, in widget: GObjectRef) -> OpaquePointer {
        let context = gtk_widget_get_pango_context(widget.widget)!
        let current = Settings(
            fontHash: pango_font_description_hash(pango_context_get_font_description(context)),
            resolution: pango_cairo_context_get_resolution(context),
            optionsHash: pango_cairo_context_get_font_options(context).map { UInt(cairo_font_options_hash($0)) } ?? 0,
            direction: pango_context_get_base_dir(context))
        if current != settings || layouts.count >= capacity {
            removeAll()
            settings = current
        }
        if let layout = layouts[title] { return layout.ref.opaque }
        let layout = pango_layout_new(context)!
        pango_layout_set_text(layout, title, -1)
        layouts[title] = OwnedObject(adopting: layout)
        return layout
    }

    /// The text whose line every chip's text shares its baseline with: what a chip in the CSS
    /// font's own script has.
    static let referenceTitle = "Ag"

    /// The pixel height and the baseline (Pango units) of ``referenceTitle``'s line, while the
    /// cache holds its layout.
    private static var referenceLine: (height: Int32, baseline: Int32)?

    /// The height and baseline of ``referenceTitle``'s line in `widget`'s font, as values: ask
    /// for it before a title's layout, since asking can start the cache over.
    ///
    /// - Complexity: O(1) expected once cached.
    static func referenceLine(in widget: GObjectRef) -> (height: Int32, baseline: Int32) {
        let layout = layout(for: referenceTitle, in: widget)
        if let referenceLine { return referenceLine }
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        let line = (height, pango_layout_get_baseline(layout))
        referenceLine = line
        return line
    }

    private static func removeAll() {
        referenceLine = nil
        generation += 1
        layouts.removeAll(keepingCapacity: true)
    }
}
