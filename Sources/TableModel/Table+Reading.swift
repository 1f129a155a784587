/// What a row's widgets may read of the table: content and derived layout, never a mutation.
/// Row views receive the table through this protocol (DESIGN: one direction of data), so
/// only intents change the model.
public protocol TableReading: AnyObject {
    /// - Complexity: O(1) expected.
    func row(_ id: RowID) -> Row?
    /// Why the row could not be read from the store (then ``row(_:)`` is a placeholder).
    /// - Complexity: O(1) expected.
    func readFailure(of id: RowID) -> RowReadFailure?
    /// - Complexity: O(1) when cached, else O(length of the text).
    func noteLayout(for id: RowID) throws(TableError) -> NoteLayout
    /// Where paragraph `paragraph` (0-based, as GtkTextBuffer numbers its lines) of the note
    /// `id` starts in its text, by the model's measure; nil when the note's text is not
    /// measured yet or has fewer paragraphs.
    /// - Complexity: O(paragraph).
    func noteParagraphTop(_ paragraph: Int, in id: RowID) -> Double?
    /// - Complexity: O(1) when cached, else O(chips).
    func gridLayout(for id: RowID) throws(TableError) -> FlowLayout
    /// - Complexity: O(log n).
    func toggleLabel(for id: RowID) throws(TableError) -> String
    /// - Complexity: O(1) expected.
    func richState(of id: RowID) throws(TableError) -> RichLoadState
    /// - Complexity: O(1) expected.
    func webFit(of id: RowID) throws(TableError) -> WebFit?
    /// - Complexity: O(1) expected.
    func swipeConfiguration(for id: RowID, edge: SwipeEdge) throws(TableError) -> SwipeConfiguration?
    /// - Complexity: O(actions).
    func swipeActionWidths(for id: RowID, edge: SwipeEdge) throws(TableError) -> [Double]
    /// The words of the find filter on (empty when none), for highlighting matches (F1).
    /// - Complexity: O(1).
    var findWords: [String] { get }
}

extension Table: TableReading {}
