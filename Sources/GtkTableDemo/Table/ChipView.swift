import CGtk
import GtkBridge

/// A grid row's chip (G1): a `label.chip` whose title is drawn from a Pango layout every chip
/// with that title shares (`ChipLayouts`), in the CSS font and colour. A GtkLabel shapes its
/// text again for every label, and again whenever its text changes; chips come from a small
/// vocabulary, so a grid scrolled into view now shapes almost nothing. A chip allocated
/// narrower than its title (G3: the flow layout clamps it to the row) draws its own copy of
/// the layout, ellipsized at that width.
///
/// Assistive technology reads it as a label named by its title, as it read the GtkLabel.
///
/// Invariant: `ellipsized`, when set, is the shared layout of `title` (of its cache
/// generation) ellipsized at its width.
@MainActor
final class ChipView: ContainerDrawing {
    private(set) var widget: GObjectRef!
    private(set) var title = ""
    private var ellipsized: (layout: OpaquePointer, width: Int32, generation: Int)?

    init() {
        widget = Container.make(cssName: "label", role: GTK_ACCESSIBLE_ROLE_LABEL, layout: self)
        widget.addCSSClass("chip")
    }

    /// Shows `newTitle`; its size request changes with it.
    ///
    /// - Complexity: O(1), plus shaping the title the first time any chip shows it.
    func setTitle(_ newTitle: String) {
        guard newTitle != title else { return }
        title = newTitle
        dropEllipsized()
        widget.setAccessibleLabel(title)
        gtk_widget_queue_resize(widget.widget)
    }

    func containerWillDispose(_ container: GObjectRef) {
        dropEllipsized()
    }

    private func dropEllipsized() {
        if let ellipsized { g_object_unref(UnsafeMutableRawPointer(ellipsized.layout)) }
        ellipsized = nil
    }

    /// The size in px of a single line laid out in `layout`, as GtkLabel measures it: the
    /// layout's logical size.
    private static func size(of layout: OpaquePointer) -> (width: Int32, height: Int32) {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (width, height)
    }

    /// `shared` ellipsized at `width` px, made once per width.
    private func ellipsizedLayout(of shared: OpaquePointer, width: Int32) -> OpaquePointer {
        if let ellipsized, ellipsized.width == width, ellipsized.generation == ChipLayouts.generation {
            return ellipsized.layout
        }
        dropEllipsized()
        let copy = pango_layout_copy(shared)!
        pango_layout_set_width(copy, width * Int32(PANGO_SCALE))
        pango_layout_set_ellipsize(copy, PANGO_ELLIPSIZE_END)
        ellipsized = (copy, width, ChipLayouts.generation)
        return copy
    }

    // MARK: ContainerDrawing

    /// Any width down to none (the chip ellipsizes), naturally the title's; the title's height,
    /// and never less than a chip of Latin text has, so chips in a line are alike.
    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        let size = Self.size(of: ChipLayouts.layout(for: title, in: widget))
        let height = max(size.height, Self.size(of: ChipLayouts.layout(for: Self.referenceTitle, in: widget)).height)
        return orientation == GTK_ORIENTATION_HORIZONTAL ? (0, size.width) : (height, height)
    }

    /// The text whose line every chip's text shares its baseline with: what a chip in the CSS
    /// font's own script has.
    static let referenceTitle = "Ag"

    /// Where the title's layout goes from the top: the reference line centred in the chip, with
    /// the title's baseline on the reference's. A script whose font has other metrics (the
    /// Devanagari chip, P7) then reads along the same baseline as its neighbours, not centred
    /// by its own line height.
    private func textTop(of layout: OpaquePointer, height: Int32) -> Float {
        let reference = ChipLayouts.layout(for: Self.referenceTitle, in: widget)
        let referenceTop = Float((height - Self.size(of: reference).height) / 2)
        let baselineShift = Float(pango_layout_get_baseline(reference) - pango_layout_get_baseline(layout)) / Float(PANGO_SCALE)
        return referenceTop + baselineShift.rounded()
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {}

    /// Draws the title in the CSS colour, on the baseline every chip shares (`textTop`).
    func snapshot(_ container: GObjectRef, _ snapshot: OpaquePointer) {
        let width = gtk_widget_get_width(container.widget)
        let shared = ChipLayouts.layout(for: title, in: widget)
        let size = Self.size(of: shared)
        let layout = size.width > width ? ellipsizedLayout(of: shared, width: width) : shared
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(container.widget), &color)
        gtk_snapshot_save(snapshot)
        var origin = graphene_point_t(x: 0, y: textTop(of: shared, height: gtk_widget_get_height(container.widget)))
        gtk_snapshot_translate(snapshot, &origin)
        gtk_snapshot_append_layout(snapshot, layout, &color)
        gtk_snapshot_restore(snapshot)
    }
}
