extension RowsGenerator {
    /// The first `count` rows as a lazy sequence, so a store can be filled with a million
    /// rows without holding them all.
    ///
    /// - Complexity: O(count) over the whole iteration, O(1) memory.
    public func rowSequence(count: Int) -> Rows {
        Rows(generator: self, count: max(count, 0))
    }

    /// The rows of ``rowSequence(count:)``, the same as ``rows(count:)`` in the same order.
    public struct Rows: Sequence, Sendable {
        let generator: RowsGenerator
        let count: Int

        /// - Complexity: O(1).
        public func makeIterator() -> Iterator {
            Iterator(generator: generator, count: count)
        }

        public struct Iterator: IteratorProtocol {
            private let generator: RowsGenerator
            private let count: Int
            private var random: SplitMix64
            private var index = 0

            init(generator: RowsGenerator, count: Int) {
                self.generator = generator
                self.count = count
                random = SplitMix64(seed: generator.seed)
            }

            /// - Complexity: O(size of the row).
            public mutating func next() -> Row? {
                guard index < count else { return nil }
                defer { index += 1 }
                return generator.makeRow(index: index, random: &random)
            }
        }
    }
}
