import CGtk
import GtkBridge
import TableModel

/// A rich row (R1): a placeholder while its markup loads, then the markup, wrapped at the
/// row's width; or a fixed-height error message if loading failed.
@MainActor
final class RichRowView: ContainerLayout, RowContentView {
    private(set) var widget: GObjectRef!
    private let label: GObjectRef
    private let spinner: GObjectRef
    private var badge: MarksBadge!
    /// The marks as the badge displays them.
    var badgeText: String { badge.text }

    init() {
        label = GObjectRef(gtk_label_new(nil)!)
        label.addCSSClass("rich-text")
        gtk_label_set_wrap(label(), 1)
        gtk_label_set_wrap_mode(label(), PANGO_WRAP_WORD_CHAR)
        NoHyphens.apply(toLabel: label)
        gtk_label_set_xalign(label(), 0)
        gtk_label_set_yalign(label(), 0)
        spinner = GObjectRef(gtk_spinner_new()!)
        widget = Container.make(cssName: "rich-row", role: GTK_ACCESSIBLE_ROLE_GROUP, layout: self)
        spinner.setParent(widget)
        label.setParent(widget)
        badge = MarksBadge(parent: widget)
    }

    func bind(_ row: Row, model: any TableReading) {
        let labelView = label()
        badge.show(row)
        switch try? model.richState(of: row.id) {
        case .loaded(let markup):
            gtk_label_set_markup(labelView, markup)
            setLoading(false)
            widget.removeCSSClass("failed")
        case .failed(let failure):
            let reason = switch failure {
            case .timedOut: tr("Loading timed out")
            case .error(let message): message
            }
            gtk_label_set_text(labelView, tr("Could not load this content: {reason}").filling(["reason": reason]))
            setLoading(false)
            widget.addCSSClass("failed")
        default:
            gtk_label_set_text(labelView, tr("Loading…"))
            setLoading(true)
            widget.removeCSSClass("failed")
        }
    }

    private func setLoading(_ loading: Bool) {
        spinner.setVisible(loading)
        gtk_spinner_set_spinning(spinner(), loading ? 1 : 0)
        widget.setCSSClass("loading", loading)
    }

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        (0, 0)
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        let padX = Int32(RowStyle.metrics.rich.padding)
        let padY = padX
        var x = padX
        if spinner.isVisible {
            spinner.place(x: padX, y: padY, width: 16, height: 16, in: container, parentWidth: width)
            x += 24
        }
        label.place(x: x, y: padY, width: max(1, width - x - padX), height: max(1, height - 2 * padY), in: container, parentWidth: width)
        badge.place(in: container, width: width, height: height)
    }
}
