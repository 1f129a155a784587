import Foundation

/// SplitMix64: a small, fast, seedable generator, so every randomised test replays exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Seeds for randomised tests: `TABLE_SEED` from the environment if set, else `fallback`.
/// Failures print the seed; rerun with `TABLE_SEED=<seed> swift test --filter <test>`.
enum TestSeed {
    static func value(fallback: UInt64) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["TABLE_SEED"], let seed = UInt64(text) { return seed }
        return fallback
    }
}
