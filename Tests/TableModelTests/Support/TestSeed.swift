import Foundation
@testable import TableModel

/// The seed for randomised tests: `TABLE_SEED` from the environment, or a fresh one.
/// Tests put it in every expectation's comment, so a failure prints how to replay it.
enum TestSeed {
    static func make() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["TABLE_SEED"], let seed = UInt64(text) { return seed }
        return UInt64.random(in: 0...UInt64.max)
    }
}
