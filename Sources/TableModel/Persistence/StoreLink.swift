/// The table's side of its store (W6): the file's unknown top-level fields, the rows touched
/// since the last save, and when the next save is due.
///
/// Invariant: a change is recorded only through ``record(_:)``, which tracks it and schedules
/// the save in one step, so no tracked change can miss its save.
struct StoreLink {
    /// Unknown top-level fields of the file, kept for saving.
    let fileExtraFields: [JSONMember]
    private var tracker = ChangeTracker()
    private var schedule = SaveScheduler()
    /// Monotonic seconds, the table's clock.
    private let clock: () -> Double

    init(fileExtraFields: [JSONMember], clock: @escaping () -> Double) {
        self.fileExtraFields = fileExtraFields
        self.clock = clock
    }

    /// Records a change: `change` tells the tracker what it was, and the save is scheduled.
    ///
    /// - Complexity: that of `change`, plus O(1).
    @discardableResult
    mutating func record<Result>(_ change: (inout ChangeTracker) -> Result) -> Result {
        let result = change(&tracker)
        schedule.noteChange(at: clock())
        return result
    }

    /// Whether there are changes not yet saved.
    var hasUnsavedChanges: Bool { schedule.hasUnsavedChanges }

    /// When the next save is due (on the clock), or nil.
    var deadline: Double? { schedule.deadline }

    /// Whether a save is due now.
    var isDue: Bool { schedule.isDue(at: clock()) }

    /// Hands over what changed, when a save is due or `force`, and counts it as saved; nil
    /// when nothing is unsaved, it is not due yet, or nothing written remains.
    ///
    /// - Parameter row: a changed row's content to write, or nil for a row not to write.
    /// - Complexity: O(rows touched).
    mutating func take(force: Bool, row: (RowID) -> Row?) -> RowChanges? {
        guard schedule.hasUnsavedChanges, force || isDue else { return nil }
        schedule.didSave()
        let taken = tracker.take(row)
        return taken.isEmpty ? nil : taken
    }
}
