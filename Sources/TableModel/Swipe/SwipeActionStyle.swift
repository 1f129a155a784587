/// How the swipe actions read and behave, as the app sets them (S1, S4): the titles it shows,
/// the font they are measured in, whether a full swipe performs the first action, and the
/// button widths measured so far.
///
/// Invariant: every width kept was measured in `font`; a new font drops them.
public struct SwipeActionStyle: Sendable {
    /// The font action titles are measured in.
    public var font = FontDescription(family: "Sans", size: 12) {
        didSet { if font != oldValue { widths.removeAll() } }
    }
    /// The titles the app shows for actions, by identifier (its translations); an action not
    /// listed keeps its own. Set them before the first swipe: widths measured earlier stay.
    public var titles: [String: String] = [:]
    /// Whether a full swipe performs the first action (S4); off by default.
    public var allowsFullSwipe = false
    private var widths: [SwipeAction: Double] = [:]

    public init() {}

    /// `configuration` with the app's titles.
    ///
    /// - Complexity: O(actions).
    func titled(_ configuration: SwipeConfiguration) -> SwipeConfiguration {
        var titled = configuration
        for index in titled.actions.indices {
            if let title = titles[titled.actions[index].identifier] { titled.actions[index].title = title }
        }
        return titled
    }

    /// The width of `action`'s button, measured once per font with `measurer`.
    ///
    /// - Complexity: O(1) expected once measured; else the measurer's cost.
    mutating func width(of action: SwipeAction, measurer: any TextMeasuring) -> Double {
        if let width = widths[action] { return width }
        let width = SwipeActionSizing.widths(of: [action], font: font, measurer: measurer)[0]
        widths[action] = width
        return width
    }
}
