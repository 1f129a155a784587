/// An edit that can be undone and may absorb the next one, like keystrokes into one step.
public protocol CoalescibleEdit: Sendable {
    /// This edit followed immediately by `newer`, as one edit, or `nil` if they stay apart.
    func coalesced(with newer: Self) -> Self?
}

/// Undo and redo stacks with coalescing: an edit recorded within ``coalescingInterval`` of
/// the previous one may merge into it (a burst of typing becomes one step). Undoing, redoing
/// or a pause ends a burst. Recording clears the redo stack. Time is injected (monotonic
/// seconds), so it is testable.
///
/// Invariant: at most ``limit`` edits are kept on each stack; the oldest are dropped.
public struct UndoHistory<Edit: CoalescibleEdit>: Sendable {
    /// Edits closer together than this, in seconds, may coalesce.
    public static var coalescingInterval: Double { 1.0 }
    /// The most steps kept.
    public static var limit: Int { 500 }

    public private(set) var undoStack: [Edit] = []
    public private(set) var redoStack: [Edit] = []
    private var lastRecordTime: Double?

    /// - Complexity: O(1).
    public init() {}

    /// - Complexity: O(1).
    public var canUndo: Bool { !undoStack.isEmpty }
    /// - Complexity: O(1).
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Records `edit`, done at `time`, merging it into the previous edit when allowed.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func record(_ edit: Edit, at time: Double) {
        redoStack.removeAll()
        if let last = lastRecordTime, time - last <= Self.coalescingInterval, time >= last,
           let previous = undoStack.last, let merged = previous.coalesced(with: edit) {
            undoStack[undoStack.count - 1] = merged
        } else {
            undoStack.append(edit)
            if undoStack.count > Self.limit { undoStack.removeFirst(undoStack.count - Self.limit) }
        }
        lastRecordTime = time
    }

    /// Ends the current burst, so the next edit starts a new step.
    ///
    /// - Complexity: O(1).
    public mutating func breakCoalescing() {
        lastRecordTime = nil
    }

    /// The edit ``popUndo()`` would take, left in place.
    ///
    /// - Complexity: O(1).
    public var nextUndo: Edit? { undoStack.last }

    /// The edit ``popRedo()`` would take, left in place.
    ///
    /// - Complexity: O(1).
    public var nextRedo: Edit? { redoStack.last }

    /// Drops the edit ``popUndo()`` would take, without moving it to the redo stack (it
    /// could not be applied), and ends the current burst.
    ///
    /// - Complexity: O(1).
    public mutating func discardNextUndo() {
        lastRecordTime = nil
        _ = undoStack.popLast()
    }

    /// Drops the edit ``popRedo()`` would take (it could not be applied) and ends the burst.
    ///
    /// - Complexity: O(1).
    public mutating func discardNextRedo() {
        lastRecordTime = nil
        _ = redoStack.popLast()
    }

    /// Replaces every kept edit, undo and redo alike, by `transform` of it (for example to
    /// forget what no longer holds); the order and the current burst stay.
    ///
    /// - Complexity: O(kept edits).
    public mutating func transformEdits(_ transform: (Edit) -> Edit) {
        undoStack = undoStack.map(transform)
        redoStack = redoStack.map(transform)
    }

    /// Takes the edit to undo and moves it to the redo stack; `nil` when there is none.
    ///
    /// - Complexity: O(1).
    public mutating func popUndo() -> Edit? {
        lastRecordTime = nil
        guard let edit = undoStack.popLast() else { return nil }
        redoStack.append(edit)
        return edit
    }

    /// Takes the edit to redo and moves it back to the undo stack; `nil` when there is none.
    ///
    /// - Complexity: O(1).
    public mutating func popRedo() -> Edit? {
        lastRecordTime = nil
        guard let edit = redoStack.popLast() else { return nil }
        undoStack.append(edit)
        return edit
    }
}
