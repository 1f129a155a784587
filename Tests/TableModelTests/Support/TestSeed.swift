import Foundation

/// Seeds for randomised tests: `TABLE_SEED` from the environment if set, else `fallback`.
/// Failures print the seed; rerun with `TABLE_SEED=<seed> swift test --filter <test>`.
/// Randomised tests draw from TableModel's `SplitMix64`, so a seed replays exactly.
enum TestSeed {
    static func value(fallback: UInt64) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["TABLE_SEED"], let seed = UInt64(text) { return seed }
        return fallback
    }

    /// `TABLE_SEED` when set, else a fresh seed per run, so repeated runs explore new cases.
    /// Tests put it in every expectation's comment, so a failure prints how to replay it.
    static func make() -> UInt64 {
        value(fallback: UInt64.random(in: 0...UInt64.max))
    }
}
