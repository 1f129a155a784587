/// What an intent changed, for the view to apply: the height engine's change set plus
/// behaviour information.
public struct TableUpdate: Sendable, Equatable {
    /// A short notice with Undo, shown after a delete (S6).
    public struct UndoToast: Sendable, Equatable {
        /// What was done, for the app to say in the user's language (P5).
        public enum Action: Sendable, Equatable {
            /// One row deleted: its kind, and the start of its text (``Row/textExcerpt``).
            case deleted(RowKind, excerpt: String?)
            case deletedRows(count: Int)
            case marked(BatchMark, on: Bool, count: Int)
        }

        public var row: RowID
        public var message: String
        public var action: Action
    }

    /// Rows inserted, deleted, moved or resized, the corrected scroll offset and content height.
    public var layout = ChangeSet()
    /// Offsets of swipe reveals to apply or animate.
    public var swipe = SwipeUpdate()
    /// Rows whose data changed from outside their widgets (undo, redo, an action): bind them
    /// again, text included.
    public var rebind: [RowID] = []
    /// Rows whose chrome changed (button title or sensitivity, height label, marks) while the
    /// text is the user's own: refresh those, and leave the text view and caret alone.
    public var refresh: [RowID] = []
    /// The selection or selection mode changed (E3): refresh the shown rows' check boxes
    /// and the title.
    public var selectionChanged = false
    /// This row's caret must be scrolled into view inside its text area (N5).
    public var scrollCaretIntoView: RowID?
    /// Show this toast.
    public var undoToast: UndoToast?
    /// Actions that ran, for the view's feedback (for example an announcement).
    public var performedActions: [SwipeInvocation] = []
    /// What could not be done in full (a row that could not be measured, one too tall to
    /// lay out whole), for the view to tell the user, each at most once per update. A row
    /// that cannot be measured is reported when that is found, not on every later pass.
    public var problems: [RowProblem] = []

    /// - Complexity: O(1).
    public init() {}

    /// Appends `later`, an update that happened after this one.
    ///
    /// - Complexity: O(size of `later`).
    mutating func absorb(_ later: TableUpdate) {
        layout.absorb(later.layout)
        swipe.claimedGesture = swipe.claimedGesture || later.swipe.claimedGesture
        swipe.abandonedGesture = swipe.abandonedGesture || later.swipe.abandonedGesture
        swipe.offsets += later.swipe.offsets
        swipe.invocations += later.swipe.invocations
        rebind += later.rebind.filter { !rebind.contains($0) }
        refresh += later.refresh.filter { !refresh.contains($0) }
        selectionChanged = selectionChanged || later.selectionChanged
        scrollCaretIntoView = later.scrollCaretIntoView ?? scrollCaretIntoView
        undoToast = later.undoToast ?? undoToast
        performedActions += later.performedActions
        problems += later.problems.filter { !problems.contains($0) }
    }
}
