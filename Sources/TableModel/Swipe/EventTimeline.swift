/// Input event timestamps as seconds on one continuous line, so a gesture's speed is measured
/// from when its events happened, not from when a busy main loop got to them: the compositor
/// or X server stamps each event in 32-bit milliseconds, which wrap every 49.7 days.
///
/// Invariant: times returned for stamped events differ exactly as their stamps do (a stamp
/// earlier than the last one, as devices may interleave, gives an earlier time).
public struct EventTimeline {
    public init() {}

    private var lastStamp: UInt32?
    private var lastSeconds: Double = 0
    /// When, on the app's clock, the last stamped event was handled.
    private var lastHandledAt: Double = 0

    /// The time of an event stamped `milliseconds`, handled at `now` on the app's clock. An
    /// unstamped event (0, as for synthesized ones) is placed `now - lastHandledAt` after
    /// the last stamped one.
    ///
    /// - Complexity: O(1).
    public mutating func seconds(stamp milliseconds: UInt32, handledAt now: Double) -> Double {
        guard milliseconds != 0 else { return seconds(at: now) }
        if let lastStamp { lastSeconds += Double(Int32(bitPattern: milliseconds &- lastStamp)) / 1000 }
        lastStamp = milliseconds
        lastHandledAt = now
        return lastSeconds
    }

    /// `now` on the app's clock as a time on this line: the last event's time plus what has
    /// passed since it was handled. For timers that ask how long input has been quiet.
    ///
    /// - Complexity: O(1).
    public func seconds(at now: Double) -> Double {
        lastSeconds + max(0, now - lastHandledAt)
    }
}
