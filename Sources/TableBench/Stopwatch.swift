/// Median wall time per operation over several rounds.
enum Stopwatch {
    /// Runs `rounds` rounds of `operationsPerRound` calls to `body` (with the call number)
    /// and returns the median over rounds of the mean nanoseconds per call.
    static func medianNanoseconds(
        rounds: Int, operationsPerRound: Int, _ body: (Int) -> Void
    ) -> Double {
        median((0..<rounds).map { round in
            roundNanoseconds(calls: operationsPerRound, from: round * operationsPerRound, body)
        })
    }

    /// Like `medianNanoseconds(rounds:operationsPerRound:_:)`, but only `run` is timed:
    /// `prepare` builds each call's input outside the clock.
    static func medianNanoseconds<Input>(
        rounds: Int, operationsPerRound: Int, prepare: (Int) -> Input, run: (Input) -> Void
    ) -> Double {
        median((0..<rounds).map { round in
            roundNanoseconds(calls: operationsPerRound, from: round * operationsPerRound, prepare: prepare, run: run)
        })
    }

    /// Times two subjects in turn, round by round (first, second, first, second…), so that a
    /// change of the machine's load during the run reaches both alike. `first(round)` and
    /// `second(round)` time one round each and return its mean ns per call. Returns each
    /// subject's median over `rounds` rounds.
    static func interleavedMedians(
        rounds: Int, _ first: (Int) -> Double, _ second: (Int) -> Double
    ) -> (first: Double, second: Double) {
        var firsts: [Double] = []
        var seconds: [Double] = []
        for round in 0..<rounds {
            firsts.append(first(round))
            seconds.append(second(round))
        }
        return (median(firsts), median(seconds))
    }

    /// Mean ns per call of `calls` calls to `body`, numbered from `first`.
    static func roundNanoseconds(calls: Int, from first: Int, _ body: (Int) -> Void) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for call in first..<first + calls { body(call) }
        return nanoseconds(start.duration(to: clock.now)) / Double(calls)
    }

    /// Mean ns per call of `calls` calls to `run`, numbered from `first`; each call's input
    /// is built by `prepare` outside the clock.
    static func roundNanoseconds<Input>(
        calls: Int, from first: Int, prepare: (Int) -> Input, run: (Input) -> Void
    ) -> Double {
        let clock = ContinuousClock()
        var total = Duration.zero
        for call in first..<first + calls {
            let input = prepare(call)
            let start = clock.now
            run(input)
            total += start.duration(to: clock.now)
        }
        return nanoseconds(total) / Double(calls)
    }

    static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }
}
