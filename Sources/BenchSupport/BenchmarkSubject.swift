import GtkBridge

/// A scrolling list under benchmark: our table or one of GTK's list widgets. The session
/// drives it only through this, so every program runs the same script.
@MainActor
public protocol BenchmarkSubject: AnyObject {
    /// The top-level window, whose frame clock is measured.
    var window: GObjectRef { get }
    /// Number of rows in the list.
    var rowCount: Int { get }
    /// Current scroll offset in px.
    var scrollOffset: Double { get }
    /// The vertical adjustment's upper bound (content height) as the scrollbar shows it.
    var contentHeight: Double { get }
    /// The visible height of the list in px.
    var viewportHeight: Double { get }
    /// The GtkAdjustment the visible scrollbar drags.
    var scrollbarAdjustment: GObjectRef { get }
    /// Row widgets in existence (shown or kept for reuse).
    var liveRowWidgets: Int { get }
    /// Rows measured so far by the program's own model, cumulative (each row counted once per
    /// frame in which it was measured); for a GTK list widget, the same as `widgetMeasuredRowCount`.
    var measuredRowCount: Int { get }
    /// Rows whose row widget GTK measured (its vertical measure vfunc ran), cumulative, once
    /// per row per frame: counted alike in every program (``WidgetMeasureCounter``).
    var widgetMeasuredRowCount: Int { get }
    /// Vertical measure calls that reached a row widget's vfunc, cumulative
    /// (``WidgetMeasureCounter/calls``): calls ÷ `widgetMeasuredRowCount` is how often GTK
    /// measured one row in one frame.
    var widgetMeasureCallCount: Int { get }

    /// Scrolls programmatically, as a script would: the way the widget's own API does it.
    func scroll(to offset: Double)
    /// The first row at least partly visible: its position and its top in window coordinates.
    func topVisibleRow() -> (position: Int, y: Double)?
    /// The top of row `position` in window coordinates, if it has a widget.
    func windowY(ofRow position: Int) -> Double?
    /// Makes a row above `position` (out of view) taller through the list's model.
    /// Returns false when there is no such row.
    func growRow(above position: Int) -> Bool
    /// Scrolls so that an editable, expanded note is in view, its text replaced by `text`
    /// first when given. Returns false if the list has none, or cannot replace its text.
    func revealTypingTarget(text: String?) -> Bool
    /// Gives that note keyboard focus with the caret at its end. Returns false if it has no widget.
    func focusTypingTarget() -> Bool
    /// A point on that note's shown text, in window coordinates, where a click puts the caret;
    /// nil if the list cannot say.
    func typingTargetClickPoint() -> (x: Double, y: Double)?
    /// Whether that note's text has the keyboard focus with its caret shown.
    var typingTargetShowsCaret: Bool { get }
    /// Lets go of drawing caches of its own (the pixel oracle's full redraw; GTK's render
    /// nodes are dropped for every subject).
    func dropDrawingCaches()
    /// Whether nothing of the program's own is due to change the window: no animation of its
    /// own runs and no notice is showing, coming or going (the pixel oracle waits for it, so a
    /// notice's timer cannot change the screen between its two renderings).
    var isQuiet: Bool { get }
    /// Deletes every row in one batch as the program's users would (select all, Delete);
    /// false when the program cannot.
    func deleteAllRows() -> Bool
    /// Undoes ``deleteAllRows()``; false when the program cannot.
    func undoDeleteAll() -> Bool
    /// Flags every row in one batch as the program's users would (select all, Flag), then
    /// leaves the selection; false when the program cannot.
    func flagAllRows() -> Bool
    /// Undoes ``flagAllRows()``; false when the program cannot.
    func undoFlagAll() -> Bool
    /// Opens the program's find or filter entry; false when it has none.
    func openFind() -> Bool
    /// Sets the find entry's text, as typing leaves it ("" shows every row).
    func setFindText(_ text: String)
    /// Whether the rows shown now are the outcome of `text` (GTK's filter applies it at
    /// once; our search answers later, from its own thread).
    func findShows(_ text: String) -> Bool
    /// Rows matching the query shown (without section headers shown for them).
    var findMatchCount: Int { get }
    /// Gives a row in the middle of the viewport the keyboard focus, for Ctrl+N and Alt+Down
    /// (``BenchmarkScript/editKeys``); false when the program cannot create or move rows.
    func focusEditTarget() -> Bool
}

extension BenchmarkSubject {
    /// GTK's widgets keep no drawing caches but their render nodes.
    public func dropDrawingCaches() {}
    /// GTK's list widgets show no notices; their own animations (kinetic scrolling) show in the renderings.
    public var isQuiet: Bool { true }
    public func deleteAllRows() -> Bool { false }
    public func undoDeleteAll() -> Bool { false }
    public func flagAllRows() -> Bool { false }
    public func undoFlagAll() -> Bool { false }
    public func openFind() -> Bool { false }
    public func setFindText(_ text: String) {}
    public func findShows(_ text: String) -> Bool { false }
    public var findMatchCount: Int { 0 }
    public func focusEditTarget() -> Bool { false }
}
