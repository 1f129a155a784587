@testable import TableModel

/// A naive model of what a ``Table`` shows and can undo: the rows in order, and the undo
/// and redo history as whole copies of that state. Every intent is a few lines of array
/// code here, so a property test can check the real table against it after each step.
///
/// Coalescing follows ``UndoHistory``: a text edit of the same row within
/// ``UndoHistory/coalescingInterval`` of the previous text edit joins its step, unless
/// something broke the burst in between (any other recorded step, undo, redo, editing
/// starting or ending).
struct ReferenceTable {
    struct State: Equatable {
        var order: [RowID]
        var rows: [RowID: Row]
    }

    var state: State
    private(set) var undoStates: [State] = []
    private(set) var redoStates: [State] = []
    /// The row and time of the last text edit, while its burst may still grow.
    private var burst: (row: RowID, time: Double)?

    init(_ file: RowsFile) {
        state = State(order: file.rows.map(\.id), rows: Dictionary(uniqueKeysWithValues: file.rows.map { ($0.id, $0) }))
    }

    var canUndo: Bool { !undoStates.isEmpty }
    var canRedo: Bool { !redoStates.isEmpty }

    func row(_ id: RowID) -> Row? { state.rows[id] }

    /// Records that the table went from `before` to the current state at `time`;
    /// `textRow` names the row of a text edit, which may join the running burst.
    mutating func record(from before: State, textRow: RowID? = nil, at time: Double) {
        redoStates.removeAll()
        let joinsBurst = textRow != nil && burst.map {
            $0.row == textRow && time >= $0.time && time - $0.time <= UndoHistory<TableEdit>.coalescingInterval
        } == true
        if !joinsBurst || undoStates.isEmpty {
            undoStates.append(before)
            if undoStates.count > UndoHistory<TableEdit>.limit { undoStates.removeFirst() }
        }
        burst = textRow.map { ($0, time) }
    }

    mutating func breakBurst() { burst = nil }

    mutating func undo() {
        breakBurst()
        guard let previous = undoStates.popLast() else { return }
        redoStates.append(state)
        state = previous
    }

    mutating func redo() {
        breakBurst()
        guard let next = redoStates.popLast() else { return }
        undoStates.append(state)
        state = next
    }

    /// Changes row `id` with `change` and records the step.
    mutating func change(_ id: RowID, textRow: RowID? = nil, at time: Double, _ change: (inout Row) -> Void) {
        let before = state
        guard var row = state.rows[id] else { return }
        change(&row)
        state.rows[id] = row
        record(from: before, textRow: textRow, at: time)
    }

    mutating func delete(_ id: RowID, at time: Double) {
        let before = state
        state.order.removeAll { $0 == id }
        state.rows[id] = nil
        record(from: before, at: time)
    }

    /// Pin: the row moves just below the nearest header above it, or to the top. Returns
    /// whether it moved (a row already there records nothing).
    @discardableResult
    /// Pin: marks the row pinned and moves it to the top of its section; a pinned row stays.
    mutating func pin(_ id: RowID, at time: Double) -> Bool {
        guard let from = state.order.firstIndex(of: id), state.rows[id]?.pinned == false else { return false }
        let before = state
        state.rows[id]?.pinned = true
        state.order.remove(at: from)
        state.order.insert(id, at: sectionTop(before: from))
        record(from: before, at: time)
        return true
    }

    /// Unpin: clears the mark and moves the row just below the section's other pinned rows.
    @discardableResult
    mutating func unpin(_ id: RowID, at time: Double) -> Bool {
        guard let from = state.order.firstIndex(of: id), state.rows[id]?.pinned == true else { return false }
        let before = state
        var end = sectionTop(before: from)
        while end < state.order.count, state.rows[state.order[end]]?.pinned == true { end += 1 }
        state.rows[id]?.pinned = false
        state.order.remove(at: from)
        state.order.insert(id, at: max(from, end - 1))
        record(from: before, at: time)
        return true
    }

    /// The index just below the last header above `index`, or 0.
    private func sectionTop(before index: Int) -> Int {
        state.order[..<index].lastIndex { state.rows[$0]?.kind == .header }.map { $0 + 1 } ?? 0
    }
}
