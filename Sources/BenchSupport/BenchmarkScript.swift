/// What a benchmark run does, chosen by name on the command line (`--bench-script NAME`).
public struct BenchmarkScript: Sendable, Equatable {
    public let name: String
    /// Frames of scripted scrolling, and px scrolled per frame.
    public var scrollFrames = 0
    public var scrollStep = 300.0
    /// Programmatic steps of the scrollbar's adjustment, top to bottom, one per frame.
    public var dragSteps = 0
    /// Whether to grow a row above the viewport and measure how far the top row moves.
    public var measuresJump = false
    /// Key presses the driver sends once the run reports it is ready for typing (0: no typing).
    public var typingKeys = 0
    /// Frames to wait after a programmatic scroll before measuring (rows load and settle).
    public var settleFrames = 30

    /// Rows searched from the top for an expanded note to type into, in every program.
    public static let typingSearchLimit = 5_000
    /// Rows searched upwards for a note to grow in the jump measurement, in every program.
    public static let growSearchLimit = 200
    /// What the jump measurement appends to the row above the viewport, in every program:
    /// eight more lines.
    public static let grownText = String(repeating: "\nA line added above the viewport.", count: 8)

    /// The scripts by name: `startup` (first frame only), `scroll` (scroll, scrollbar drag,
    /// jump), `typing`, and the quick smoke versions `smoke-scroll` and `smoke-typing`.
    public static func named(_ name: String) -> BenchmarkScript? {
        var script = BenchmarkScript(name: name)
        switch name {
        case "startup":
            script.settleFrames = 1
        case "scroll":
            script.scrollFrames = 300
            script.dragSteps = 80
            script.measuresJump = true
            script.settleFrames = 60
        case "typing":
            script.typingKeys = 50
        case "smoke-scroll":
            script.scrollFrames = 10
            script.dragSteps = 5
            script.measuresJump = true
            script.settleFrames = 5
        case "smoke-typing":
            script.typingKeys = 3
            script.settleFrames = 5
        default:
            return nil
        }
        return script
    }

    public static let names = ["startup", "scroll", "typing", "smoke-scroll", "smoke-typing"]
}
