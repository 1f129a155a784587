import BenchSupport
import CGtk
import GtkBridge

/// One row as the peers show it, doing our row kinds' per-row work with GTK's own widgets:
/// - a note: its text in a wrapping GtkLabel or an editable GtkTextView, and a GtkButton
///   below it at the trailing edge, like our note rows;
/// - a toggle or header: its title in a label;
/// - a grid: a GtkFlowBox of chip labels (the chips of our grid rows, same CSS class);
/// - a rich row: its markup in a wrapping label.
/// Rows are recycled across kinds (one factory), so a bind shows only its kind's widgets.
/// Each text widget carries the `row-font-*` class of its kind, which `--row-css` gives our
/// table's fonts (``PeerOptions/rowCSSPath``).
/// A custom container only so its vertical measures can be counted; the sizes are GTK's own.
@MainActor
final class PeerRow: ContainerLayout {
    static let padding: Int32 = 12
    static let spacing: Int32 = 6
    static let chipSpacing: guint = 6

    private(set) var widget: GObjectRef!
    let text: GObjectRef
    let kind: PeerOptions.RowText
    private let button: GObjectRef
    private let title: GObjectRef
    private let chips: GObjectRef
    private let rich: GObjectRef
    private let counter: WidgetMeasureCounter
    private var lastCountedFrame: Int = -1
    private var content = PeerRowContent.note
    /// The list position the row shows, while bound.
    var position: Int?

    init(kind: PeerOptions.RowText, counter: WidgetMeasureCounter) {
        self.kind = kind
        self.counter = counter
        switch kind {
        case .label:
            text = PeerRow.wrappingLabel()
        case .textview:
            text = GObjectRef(gtk_text_view_new()!)
            gtk_text_view_set_wrap_mode(text(), GTK_WRAP_WORD_CHAR)
        }
        gtk_widget_add_css_class(text.widget, "row-font-note")
        button = GObjectRef(gtk_button_new_with_label("Expand")!)
        title = PeerRow.wrappingLabel()
        rich = PeerRow.wrappingLabel()
        gtk_widget_add_css_class(rich.widget, "rich-text")
        gtk_widget_add_css_class(rich.widget, "row-font-rich")
        chips = GObjectRef(gtk_flow_box_new()!)
        gtk_flow_box_set_selection_mode(chips(), GTK_SELECTION_NONE)
        gtk_flow_box_set_homogeneous(chips(), 0)
        gtk_flow_box_set_max_children_per_line(chips(), 100)
        gtk_flow_box_set_row_spacing(chips(), Self.chipSpacing)
        gtk_flow_box_set_column_spacing(chips(), Self.chipSpacing)
        widget = Container.make(cssName: "peer-row", role: GTK_ACCESSIBLE_ROLE_GROUP, layout: self)
        for child in [text, button, title, chips, rich] { gtk_widget_set_parent(child.widget, widget.widget) }
        show(.note)
    }

    private static func wrappingLabel() -> GObjectRef {
        let label = GObjectRef(gtk_label_new(nil)!)
        gtk_label_set_wrap(label(), 1)
        gtk_label_set_wrap_mode(label(), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(label(), 0)
        return label
    }

    /// Shows row content of `content`'s kind; a note's text is set through `string`.
    ///
    /// - Complexity: O(chips) for a grid, O(1) otherwise.
    func show(_ content: PeerRowContent) {
        self.content = content
        var isNote = false, isTitle = false, isGrid = false, isRich = false
        switch content {
        case .note: isNote = true
        case .title(let text, let isHeader):
            isTitle = true
            gtk_label_set_text(title(), text)
            gtk_widget_remove_css_class(title.widget, isHeader ? "row-font-note" : "row-font-header")
            gtk_widget_add_css_class(title.widget, isHeader ? "row-font-header" : "row-font-note")
        case .grid(let names):
            isGrid = true
            fillChips(names)
        case .rich(let markup, let fallback):
            isRich = true
            if let markup { gtk_label_set_markup(rich(), markup) } else { gtk_label_set_text(rich(), fallback) }
        }
        gtk_widget_set_visible(text.widget, isNote ? 1 : 0)
        gtk_widget_set_visible(button.widget, isNote ? 1 : 0)
        gtk_widget_set_visible(title.widget, isTitle ? 1 : 0)
        gtk_widget_set_visible(chips.widget, isGrid ? 1 : 0)
        gtk_widget_set_visible(rich.widget, isRich ? 1 : 0)
        if !isGrid { fillChips([]) }
    }

    /// Replaces the flow box's children by one chip label per name, as a GtkFlowBox user does.
    private func fillChips(_ names: [String]) {
        while let child = gtk_widget_get_first_child(chips.widget) { gtk_flow_box_remove(chips(), child) }
        for name in names {
            let chip = GObjectRef(gtk_label_new(name)!)
            gtk_widget_add_css_class(chip.widget, "chip")
            gtk_widget_add_css_class(chip.widget, "row-font-chip")
            gtk_label_set_ellipsize(chip(), PANGO_ELLIPSIZE_END)
            gtk_flow_box_append(chips(), chip.widget)
        }
    }

    /// The note text shown.
    var string: String {
        get {
            switch kind {
            case .label: return String(cString: gtk_label_get_text(text()))
            case .textview:
                let buffer = gtk_text_view_get_buffer(text())
                var start = GtkTextIter()
                var end = GtkTextIter()
                gtk_text_buffer_get_bounds(buffer, &start, &end)
                let chars = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
                defer { g_free(chars) }
                return String(cString: chars)
            }
        }
        set {
            switch kind {
            case .label: gtk_label_set_text(text(), newValue)
            case .textview: gtk_text_buffer_set_text(gtk_text_view_get_buffer(text()), newValue, -1)
            }
        }
    }

    /// Focuses the text view with the caret at the end.
    func focusAtEnd() -> Bool {
        guard kind == .textview, case .note = content else { return false }
        let buffer = gtk_text_view_get_buffer(text())
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        gtk_text_buffer_place_cursor(buffer, &end)
        return gtk_widget_grab_focus(text.widget) != 0
    }

    /// The widget showing the bound row's content.
    private var main: GObjectRef {
        switch content {
        case .note: text
        case .title: title
        case .grid: chips
        case .rich: rich
        }
    }

    private var isNote: Bool {
        if case .note = content { return true }
        return false
    }

    // MARK: ContainerLayout

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        let inset = 2 * Self.padding
        let buttonSize = isNote ? size(of: button, orientation) : (minimum: 0, natural: 0)
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            let minimum = max(size(of: main, orientation).minimum, buttonSize.natural) + inset
            return (minimum, minimum)
        }
        counter.rowMeasured(widget, lastFrame: &lastCountedFrame)
        let mainSize = size(of: main, orientation, forSize: forSize < 0 ? -1 : max(1, forSize - inset))
        let extra = inset + (isNote ? Self.spacing + buttonSize.natural : 0)
        return (mainSize.minimum + extra, mainSize.natural + extra)
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        let inset = 2 * Self.padding
        let buttonWidth = isNote ? size(of: button, GTK_ORIENTATION_HORIZONTAL).natural : 0
        let buttonHeight = isNote ? size(of: button, GTK_ORIENTATION_VERTICAL).natural : 0
        let mainHeight = max(0, height - inset - (isNote ? Self.spacing + buttonHeight : 0))
        var mainBox = GtkAllocation(x: Self.padding, y: Self.padding, width: max(1, width - inset), height: mainHeight)
        gtk_widget_size_allocate(main.widget, &mainBox, -1)
        guard isNote else { return }
        var buttonBox = GtkAllocation(
            x: max(0, width - Self.padding - buttonWidth), y: Self.padding + mainHeight + Self.spacing,
            width: buttonWidth, height: buttonHeight)
        gtk_widget_size_allocate(button.widget, &buttonBox, -1)
    }

    private func size(of child: GObjectRef, _ orientation: GtkOrientation, forSize: Int32 = -1) -> (minimum: Int32, natural: Int32) {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(child.widget, orientation, forSize, &minimum, &natural, nil, nil)
        return (minimum, natural)
    }
}
