import CGtk
import GtkBridge
import TableModel

/// A toggle row (T1–T3): a click opens or closes it, and its label shows the height the row is
/// laid out at, which the table allocates from the same model value.
@MainActor
final class ToggleRowView: ContainerLayout, RowContentView {
    private(set) var widget: GObjectRef!
    private let title: GObjectRef
    let heightLabel: GObjectRef
    private let marks: GObjectRef
    private let chevron: GObjectRef
    private var boundID: RowID?
    private let send: (RowIntent) -> Void

    init(send: @escaping (RowIntent) -> Void) {
        self.send = send
        title = GObjectRef(gtk_label_new(nil)!)
        gtk_label_set_xalign(title(), 0)
        gtk_label_set_ellipsize(title(), PANGO_ELLIPSIZE_END)
        heightLabel = GObjectRef(gtk_label_new(nil)!)
        heightLabel.addCSSClass("height-label")
        heightLabel.addCSSClass("numeric")
        marks = GObjectRef(gtk_label_new(nil)!)
        marks.addCSSClass("row-marks")
        chevron = GObjectRef(cgtk_presentation_image_new("pan-end-symbolic")!)
        widget = Container.make(cssName: "toggle-row", role: GTK_ACCESSIBLE_ROLE_BUTTON, layout: self)
        chevron.setParent(widget)
        title.setParent(widget)
        marks.setParent(widget)
        heightLabel.setParent(widget)
        let click = GObjectRef(gtk_gesture_click_new()!)
        click.onPress("released") { [weak self] _, _, _ in
            guard let self, let id = self.boundID else { return }
            self.send(.toggleOpen(id))
        }
        gtk_widget_add_controller(widget.widget, click())
    }

    /// The marks as the label displays them.
    var marksText: String { marks.isVisible ? String(cString: gtk_label_get_text(marks())) : "" }

    func bind(_ row: Row, model: any TableReading) {
        guard case .toggle(let text, let open) = row.content else { return }
        boundID = row.id
        gtk_label_set_text(title(), text)
        let height = (try? model.toggleLabel(for: row.id)) ?? ""
        gtk_label_set_text(heightLabel(), tr("{height} px").filling(["height": height]))
        gtk_image_set_from_icon_name(chevron(), open ? "pan-down-symbolic" : "pan-end-symbolic")
        let marksText = RowStyle.marks(of: row)
        gtk_label_set_text(marks(), marksText)
        marks.setVisible(!marksText.isEmpty)
        widget.setCSSClass("open", open)
        widget.setCSSClass("done", row.done)
        let described = marksText.isEmpty ? "" : ", " + marksText
        widget.setAccessibleLabel("\(text), \(open ? "open" : "closed"), \(height) pixels\(described)")
    }

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        (0, 0)
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        let padX: Int32 = 12
        // The first line is as tall as a closed row, inside the row's border.
        let closed = min(Int32(ToggleSizing.closedHeight), height)
        let chevronWidth: Int32 = 16
        let labelWidth = heightLabel.measure(GTK_ORIENTATION_HORIZONTAL).natural
        let marksWidth = marks.isVisible ? marks.measure(GTK_ORIENTATION_HORIZONTAL).natural + padX : 0
        let titleWidth = max(1, width - 3 * padX - chevronWidth - 8 - labelWidth - marksWidth)
        chevron.place(x: padX, y: 0, width: chevronWidth, height: closed, in: container, parentWidth: width)
        title.place(x: padX + chevronWidth + 8, y: 0, width: titleWidth, height: closed, in: container, parentWidth: width)
        if marks.isVisible {
            let marksX = width - padX - labelWidth - marksWidth
            marks.place(x: marksX, y: 0, width: marksWidth - padX, height: closed, in: container, parentWidth: width)
        }
        heightLabel.place(x: width - padX - labelWidth, y: 0, width: labelWidth, height: height, in: container, parentWidth: width)
    }
}
