import CGtk
import GtkBridge
import TableModel

/// A grid row (G1–G5): chips placed at the frames the model's flow layout gives. A chip wider
/// than the row is clamped by the layout and ellipsized here (G3). On reuse every chip is
/// rebound, so a recycled grid never shows another row's items (G5).
@MainActor
final class GridRowView: ContainerLayout, RowContentView {
    private(set) var widget: GObjectRef!
    private(set) var chips: [ChipView] = []
    private var frames: [Rect] = []
    private var badge: MarksBadge!
    /// The marks as the badge displays them.
    var badgeText: String { badge.text }

    init() {
        widget = Container.make(cssName: "grid-row", role: GTK_ACCESSIBLE_ROLE_GROUP, layout: self)
        badge = MarksBadge(parent: widget)
    }

    func bind(_ row: Row, model: any TableReading) {
        guard case .grid(let titles) = row.content else { return }
        while chips.count < titles.count {
            let chip = ChipView()
            gtk_widget_insert_before(chip.widget.widget, widget.widget, badge.label.widget)
            chips.append(chip)
        }
        for (index, chip) in chips.enumerated() {
            let shown = index < titles.count
            chip.widget.setVisible(shown)
            if shown { chip.setTitle(titles[index]) }
        }
        frames = (try? model.gridLayout(for: row.id).frames) ?? []
        badge.show(row)
        gtk_widget_queue_allocate(widget.widget)
    }

    func measure(_ container: GObjectRef, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        (0, 0)
    }

    func allocate(_ container: GObjectRef, width: Int32, height: Int32) {
        let padX = RowStyle.metrics.grid.padding
        let padY = padX
        for (chip, frame) in zip(chips, frames) where chip.widget.isVisible {
            chip.widget.place(
                x: Int32((padX + frame.x).rounded()), y: Int32((padY + frame.y).rounded()),
                width: Int32(frame.width.rounded()), height: Int32(frame.height.rounded()), in: container, parentWidth: width)
        }
        badge.place(in: container, width: width, height: height)
    }
}
