import Foundation

/// How much slower than designed the table's animations run: 1 normally. Tests that look at a
/// frame in the middle of a slide or a snap set `GTKTABLEDEMO_ANIMATION_SLOWDOWN` (a factor
/// from 1 to 1000), so that frame exists for sure. Read once, at start-up.
enum AnimationPace {
    static let variable = "GTKTABLEDEMO_ANIMATION_SLOWDOWN"

    static let slowdown: Double = {
        guard let text = ProcessInfo.processInfo.environment[variable], let factor = Double(text), factor.isFinite
        else { return 1 }
        return min(max(factor, 1), 1000)
    }()
}
