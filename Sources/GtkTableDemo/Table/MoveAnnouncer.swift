import CGtk
import GtkBridge
import TableModel

/// Tells a screen reader where a row went after a keyboard move (E2, W12). GTK 4.8 has no
/// announcement call (`gtk_accessible_announce` is 4.14), so the focused widget (the moved
/// row, or the note text being edited in it) gets the place as its accessible description
/// for a few seconds: AT-SPI reports the change, and a screen reader reads a description
/// change of the focused object (Orca does). The description is taken back afterwards so a
/// later visit does not hear a stale place.
///
/// Invariant: at most one widget carries an announcement, held with a reference until it is
/// taken back.
@MainActor
final class MoveAnnouncer {
    /// Every word an announcement says, in one place (for translation later).
    enum Words {
        static func moved(_ step: Table.MoveStep, to place: RowPlace) -> String {
            let direction = step == .up ? "Moved up" : "Moved down"
            let spot = "\(place.position) of \(place.count)"
            guard let section = place.section, !section.isEmpty else { return "\(direction), \(spot)" }
            return "\(direction), \(spot) in \(section)"
        }
    }

    /// How long the description stays before it is taken back.
    static let holdMilliseconds: UInt32 = 4000

    private var announced: (widget: OwnedObject, timer: UInt32)?

    /// Announces that the row in `cell` moved one `step` to `place`.
    ///
    /// - Complexity: O(1).
    func announce(_ step: Table.MoveStep, to place: RowPlace, in cell: RowCell) {
        var target: GObjectRef = cell.widget
        if let root = gtk_widget_get_root(cell.widget.widget), let focus = gtk_root_get_focus(root),
           gtk_widget_is_ancestor(focus, cell.widget.widget) != 0 {
            target = GObjectRef(UnsafeMutableRawPointer(focus))
        }
        // The same widget is only told its new place: no empty description in between.
        takeBack(keepingDescription: announced?.widget.ref == target)
        let kept = OwnedObject(retaining: target)
        target.setAccessibleDescription(Words.moved(step, to: place))
        let timer = MainLoopSource.timeout(milliseconds: Self.holdMilliseconds) { [weak self] in
            self?.announced?.timer = 0
            self?.takeBack()
            return false
        }
        announced = (kept, timer)
    }

    /// Takes the current announcement back, if any (its description too unless
    /// `keepingDescription`, when a new one replaces it at once).
    func takeBack(keepingDescription: Bool = false) {
        guard let current = announced else { return }
        announced = nil
        if current.timer != 0 { MainLoopSource.remove(current.timer) }
        if !keepingDescription { gtk_accessible_reset_property(current.widget.ref.opaque, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION) }
    }
}
