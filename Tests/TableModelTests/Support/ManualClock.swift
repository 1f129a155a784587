/// A clock tests move by hand.
final class ManualClock {
    var now = 0.0

    func advance(by seconds: Double) { now += seconds }

    var reading: () -> Double { { [unowned self] in self.now } }
}
