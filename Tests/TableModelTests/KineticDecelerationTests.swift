import Foundation
import Testing
@testable import TableModel

@Suite struct KineticDecelerationTests {
    @Test func theDistanceDoesNotDependOnFrameTiming() {
        var smooth = KineticDeceleration(velocity: 2000)
        var choppy = KineticDeceleration(velocity: 2000)
        let smoothTotal = (0..<60).reduce(0.0) { total, _ in total + smooth.advance(milliseconds: 16) }
        let choppyTotal = (0..<20).reduce(0.0) { total, _ in total + choppy.advance(milliseconds: 48) }
        #expect(abs(smoothTotal - choppyTotal) < 0.001)
        #expect(abs(smooth.velocity - choppy.velocity) < 0.001)
    }

    @Test func aFlingComesToRestNearItsTheoreticalDistance() {
        var motion = KineticDeceleration(velocity: -1500)
        var total = 0.0
        var frames = 0
        while !motion.isAtRest && frames < 10_000 {
            total += motion.advance(milliseconds: 16)
            frames += 1
        }
        // ∫ v·0.998^t dt over t ≥ 0 = v / ln(1/0.998) / 1000 ≈ 749 px for 1500 px/s.
        let theoretical: Double = 1500 / -log(0.998) / 1000
        #expect(total < 0)
        #expect(abs(-total - theoretical) < 5)
        #expect(frames < 400)
    }

    @Test func badInputIsInert() {
        var nan = KineticDeceleration(velocity: .nan)
        #expect(nan.isAtRest && nan.advance(milliseconds: 16) == 0)
        var slow = KineticDeceleration(velocity: 3)
        #expect(slow.advance(milliseconds: 16) == 0)
        var fast = KineticDeceleration(velocity: 100)
        #expect(fast.advance(milliseconds: -5) == 0 && fast.advance(milliseconds: .infinity) == 0)
    }

    @Test func theRemainingDistanceIsWhereTheFramesStop() {
        var motion = KineticDeceleration(velocity: -2400)
        let jump = motion.remainingDistance()
        var total = 0.0
        while !motion.isAtRest { total += motion.advance(milliseconds: 16) }
        #expect(abs(jump - total) < 1 && jump < 0)
        #expect(KineticDeceleration(velocity: 3).remainingDistance() == 0)
    }
}
