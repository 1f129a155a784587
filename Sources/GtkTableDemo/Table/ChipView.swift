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
    private var ellipsized: (layout: OwnedObject, width: Int32, generation: Int)?

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
            return ellipsized.layout.ref.opaque
        }
        dropEllipsized()
        let copy = pango_layout_copy(shared)!
        pango_layout_set_width(copy, width * Int32(PANGO_SCALE))
        pango_layout_set_ellipsize(copy, PANGO_ELLIPSIZE_END)
        ellipsized = (OwnedObject(adopting: copy), width, ChipLayouts.generation)
        return copy
    }

    // MARK: ContainerDrawing

    /// Any width down to none (the chip ellipsizes), naturally the title's; the title's height,
    /// and never less than a chip of Latin text has, so chips in a line are alike.
    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        let reference = ChipLayouts.referenceLine(in: widget)
        let size = Self.size(of: ChipLayouts.layout(for: title, in: widget))
        let height = max(size.height, reference.height)
        return orientation == GTK_ORIENTATION_HORIZONTAL ? (0, size.width) : (height, height)
    }

    /// Where a layout with `baseline` (Pango units) goes from the top of a chip `height` px
    /// tall: the reference line centred in the chip, with the title's baseline on the
    /// reference's. A script whose font has other metrics (the Devanagari chip, P7) then
    /// reads along the same baseline as its neighbours, not centred by its own line height.
    private static func textTop(baseline: Int32, height: Int32, reference: (height: Int32, baseline: Int32)) -> Float {
        let referenceTop = Float((height - reference.height) / 2)
        return referenceTop + (Float(reference.baseline - baseline) / Float(PANGO_SCALE)).rounded()
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {}

    /// Draws the title in the CSS colour, on the baseline every chip shares (`textTop`).
    func snapshot(_ container: GObjectRef, _ snapshot: OpaquePointer) {
        let width = gtk_widget_get_width(container.widget)
        let reference = ChipLayouts.referenceLine(in: widget)
        let shared = ChipLayouts.layout(for: title, in: widget)
        let size = Self.size(of: shared)
        let layout = size.width > width ? ellipsizedLayout(of: shared, width: width) : shared
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(container.widget), &color)
        gtk_snapshot_save(snapshot)
        let top = Self.textTop(
            baseline: pango_layout_get_baseline(shared), height: gtk_widget_get_height(container.widget), reference: reference)
        var origin = graphene_point_t(x: 0, y: top)
        gtk_snapshot_translate(snapshot, &origin)
        gtk_snapshot_append_layout(snapshot, layout, &color)
        gtk_snapshot_restore(snapshot)
    }
}
