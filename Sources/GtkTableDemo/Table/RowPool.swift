import CGtk
import GtkBridge
import TableModel

/// Reusable row cells per kind, in the spirit of `dequeueReusableCell`. Idle cells stay
/// parented to the table but not child-visible, so reuse costs a rebind, not a rebuild.
///
/// Invariant: `liveCount` is the number of cells in existence, shown or idle; at most
/// `maximumIdlePerKind` idle cells are kept per kind, the rest are destroyed, and after
/// `trim(toLive:)` idle cells are kept only while the live count is within the limit.
@MainActor
final class RowPool {
    /// Idle cells kept per kind: enough for a screenful after a fast jump.
    static let maximumIdlePerKind = 12

    private var idle: [RowKind: [RowCell]] = [:]
    private let make: (RowKind) -> RowCell
    private(set) var liveCount = 0

    init(make: @escaping (RowKind) -> RowCell) {
        self.make = make
    }

    /// A cell for `kind`, reused when one is idle.
    /// - Complexity: O(1), plus building a cell when none is idle.
    func dequeue(_ kind: RowKind) -> (cell: RowCell, reused: Bool) {
        if let cell = idle[kind]?.popLast() {
            cell.widget.setChildVisible(true)
            return (cell, true)
        }
        liveCount += 1
        return (make(kind), false)
    }

    /// Builds `count` idle cells of `kind` ahead of need. Cells made during a layout pass are
    /// styled only in the next frame, so the first frame would draw their text in the
    /// theme's font; cells made before the first frame are styled in time.
    ///
    /// - Complexity: O(count) cells built.
    func prewarm(_ kind: RowKind, count: Int) {
        let cells = (0..<min(count, Self.maximumIdlePerKind)).map { _ in dequeue(kind).cell }
        cells.forEach(recycle)
    }

    /// Takes a cell back; it stops showing its row.
    /// - Complexity: O(1).
    func recycle(_ cell: RowCell) {
        cell.unbind()
        cell.swipeOffset = 0
        if idle[cell.kind, default: []].count < Self.maximumIdlePerKind {
            cell.widget.setChildVisible(false)
            idle[cell.kind, default: []].append(cell)
        } else {
            destroy(cell)
        }
    }

    /// Destroys idle cells, from the kinds with the most of them, until at most `limit`
    /// cells live or none is idle. A fast scroll through changing mixes of kinds would
    /// otherwise keep a full idle set of every kind.
    ///
    /// - Complexity: O(kinds) per cell destroyed.
    func trim(toLive limit: Int) {
        while liveCount > limit, let kind = idle.max(by: { $0.value.count < $1.value.count })?.key,
            let cell = idle[kind]?.popLast()
        {
            destroy(cell)
        }
    }

    private func destroy(_ cell: RowCell) {
        cell.content.willBeDestroyed()
        cell.widget.unparent()
        liveCount -= 1
    }
}
