/// The width of each action button: its content (the title, or the icon if wider) plus
/// padding, never below ``SwipeTuning/minimumActionWidth`` (S1).
public enum SwipeActionSizing {
    /// - Complexity: O(total length of the titles), plus the measurer's cost.
    public static func widths(of actions: [SwipeAction], font: FontDescription, measurer: some TextMeasuring) -> [Double] {
        actions.map { action in
            let title = measurer.measure(action.title, font: font, maxWidth: nil, wrap: .none)
            let content = max(title.width, SwipeTuning.actionIconSize)
            return max(SwipeTuning.minimumActionWidth, content + 2 * SwipeTuning.actionPadding)
        }
    }
}
