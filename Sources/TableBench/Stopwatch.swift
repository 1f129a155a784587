/// Median wall time per operation over several rounds.
enum Stopwatch {
    /// Runs `rounds` rounds of `operationsPerRound` calls to `body` (with the call number)
    /// and returns the median over rounds of the mean nanoseconds per call.
    static func medianNanoseconds(
        rounds: Int, operationsPerRound: Int, _ body: (Int) -> Void
    ) -> Double {
        let clock = ContinuousClock()
        var perOperation: [Double] = []
        var call = 0
        for _ in 0..<rounds {
            let start = clock.now
            for _ in 0..<operationsPerRound {
                body(call)
                call += 1
            }
            perOperation.append(nanoseconds(start.duration(to: clock.now)) / Double(operationsPerRound))
        }
        perOperation.sort()
        return perOperation[perOperation.count / 2]
    }

    /// Like `medianNanoseconds(rounds:operationsPerRound:_:)`, but only `run` is timed:
    /// `prepare` builds each call's input outside the clock.
    static func medianNanoseconds<Input>(
        rounds: Int, operationsPerRound: Int, prepare: (Int) -> Input, run: (Input) -> Void
    ) -> Double {
        let clock = ContinuousClock()
        var perOperation: [Double] = []
        var call = 0
        for _ in 0..<rounds {
            var total = Duration.zero
            for _ in 0..<operationsPerRound {
                let input = prepare(call)
                let start = clock.now
                run(input)
                total += start.duration(to: clock.now)
                call += 1
            }
            perOperation.append(nanoseconds(total) / Double(operationsPerRound))
        }
        perOperation.sort()
        return perOperation[perOperation.count / 2]
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }
}
