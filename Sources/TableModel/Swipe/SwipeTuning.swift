/// The numbers that shape how swiping feels. Named so they can be found and tuned in one place.
public enum SwipeTuning {
    /// How far the pointer moves before the gesture is judged horizontal (swipe) or vertical
    /// (scroll the table) (S2).
    public static let slop: Double = 10
    /// A release faster than this, in px/s, snaps in its direction regardless of distance (S3).
    public static let flingVelocity: Double = 400
    /// Only pointer samples this recent, in seconds, count towards the release velocity.
    public static let velocityWindow: Double = 0.1
    /// Past the actions' width the row moves only this fraction as fast at first (S3).
    public static let rubberBandCoefficient: Double = 0.55
    /// A full swipe needs the row dragged past this fraction of its width (S4).
    public static let fullSwipeFraction: Double = 0.6
    /// A touchpad scroll with no event for this long, in seconds, counts as released.
    public static let scrollIdleInterval: Double = 0.15
    /// The narrowest an action button may be.
    public static let minimumActionWidth: Double = 74
    /// Horizontal padding inside an action button, each side.
    public static let actionPadding: Double = 12
    /// The icon's size above the title.
    public static let actionIconSize: Double = 20
}
