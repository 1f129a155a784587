extension TestSeed {
    /// `TABLE_SEED` when set, else a fresh seed per run, so repeated runs explore new cases.
    /// Tests put it in every expectation's comment, so a failure prints how to replay it.
    static func make() -> UInt64 {
        value(fallback: UInt64.random(in: 0...UInt64.max))
    }
}
