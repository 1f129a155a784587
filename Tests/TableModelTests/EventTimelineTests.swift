import Testing
import TableModel

@Suite struct EventTimelineTests {
    @Test func stampsAreSpacedAsTheyWereStampedWhateverTheHandlingDelay() {
        var timeline = EventTimeline()
        let first = timeline.seconds(stamp: 1_000, handledAt: 50)
        // Handled 0.3 s late, in one batch: the stamps still say 10 ms apart.
        let second = timeline.seconds(stamp: 1_010, handledAt: 50.3)
        let third = timeline.seconds(stamp: 1_020, handledAt: 50.3)
        #expect(abs((second - first) - 0.010) < 1e-9)
        #expect(abs((third - second) - 0.010) < 1e-9)
    }

    @Test func theStampsWrapAfter49Days() {
        var timeline = EventTimeline()
        let before = timeline.seconds(stamp: UInt32.max - 4, handledAt: 0)
        let after = timeline.seconds(stamp: 5, handledAt: 0.01)
        #expect(abs((after - before) - 0.010) < 1e-9)
    }

    @Test func anEarlierStampGivesAnEarlierTime() {
        var timeline = EventTimeline()
        let later = timeline.seconds(stamp: 2_000, handledAt: 1)
        let earlier = timeline.seconds(stamp: 1_990, handledAt: 1)
        #expect(abs((later - earlier) - 0.010) < 1e-9)
    }

    @Test func unstampedEventsAndTimersFollowTheAppClockFromTheLastEvent() {
        var timeline = EventTimeline()
        let stamped = timeline.seconds(stamp: 7_000, handledAt: 100)
        #expect(abs(timeline.seconds(at: 100.16) - stamped - 0.16) < 1e-9)
        #expect(abs(timeline.seconds(stamp: 0, handledAt: 100.2) - stamped - 0.2) < 1e-9)
        // A clock that reads earlier than the last handling never moves time backwards.
        #expect(timeline.seconds(at: 99) == stamped)
    }
}
