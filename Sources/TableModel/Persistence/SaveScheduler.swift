/// Decides when to save: a quarter of a second after the last change, and no later than
/// three quarters of a second after the first unsaved one even while the user keeps typing,
/// so every change reaches the disk within a second (W6). Each save is a small transaction
/// of the rows touched, so saving this often costs little.
///
/// Pure and clock-free: callers pass the time (monotonic seconds). The app arms a GLib
/// timeout for ``deadline``, saves when ``isDue(at:)``, and flushes on quit when
/// ``hasUnsavedChanges``.
public struct SaveScheduler: Hashable, Sendable {
    /// Quiet time after the last change before saving.
    public static let debounceInterval = 0.25
    /// The longest a change waits while changes keep coming.
    public static let maximumDelay = 0.75
    private var firstUnsavedChange: Double?
    private var lastChange: Double?

    /// - Complexity: O(1).
    public init() {}

    /// - Complexity: O(1).
    public var hasUnsavedChanges: Bool { firstUnsavedChange != nil }

    /// Records a change made at `now`.
    ///
    /// - Complexity: O(1).
    public mutating func noteChange(at now: Double) {
        if firstUnsavedChange == nil { firstUnsavedChange = now }
        lastChange = now
    }

    /// When the next save should happen, or `nil` when nothing is unsaved.
    ///
    /// - Complexity: O(1).
    public var deadline: Double? {
        guard let firstUnsavedChange, let lastChange else { return nil }
        return min(lastChange + Self.debounceInterval, firstUnsavedChange + Self.maximumDelay)
    }

    /// - Complexity: O(1).
    public func isDue(at now: Double) -> Bool {
        guard let deadline else { return false }
        return now >= deadline
    }

    /// Records that everything up to now was saved.
    ///
    /// - Complexity: O(1).
    public mutating func didSave() {
        firstUnsavedChange = nil
        lastChange = nil
    }
}
