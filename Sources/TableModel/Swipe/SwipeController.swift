/// The swipe state machine (S1–S5, S8): which rows are open and by how much, and the one
/// gesture in progress. Pure: the view feeds it pointer and touchpad events with their times,
/// and applies the ``SwipeUpdate``s it returns; offsets are settled targets, and the view
/// animates the way there (a snap) itself.
///
/// A gesture starts undecided. Once the pointer has moved ``SwipeTuning/slop`` it becomes a
/// swipe if it moved more sideways than up or down, and is otherwise abandoned so the table
/// scrolls. A swipe moves the row with the pointer, rubber-banding past the actions' width;
/// on release the row snaps open or closed by distance (half the width) or by velocity.
///
/// Invariants: every stored offset is non-zero; an offset's sign matches an edge that has
/// actions; unless ``allowsMultipleOpenRows``, at most one row has an offset; outside a
/// swipe every offset is exactly its edge's actions' width (the row is settled open).
public struct SwipeController: Sendable {
    /// Whether opening a row leaves other open rows open (S5). Off by default.
    public var allowsMultipleOpenRows = false
    /// Mirrors leading and trailing in right-to-left locales (S8).
    public var layoutDirection = LayoutDirection.leftToRight
    /// The actions' titles, font and full-swipe setting, as the app sets them.
    public var style = SwipeActionStyle()
    /// The row width, for rubber-banding and full swipes. Invalid values are ignored.
    public private(set) var rowWidth: Double

    /// Offsets of rows that are not closed (settled targets, or live during a swipe).
    public private(set) var offsets: [RowID: Double] = [:]
    private var gesture: Gesture?

    private struct Gesture: Sendable {
        enum Phase: Sendable { case undecided, swiping, abandoned }
        let row: RowID
        let geometry: SwipeGeometry
        let startOffset: Double
        let isScroll: Bool
        var phase = Phase.undecided
        /// Total pointer travel since the start.
        var dx = 0.0
        var dy = 0.0
        /// The slop the gesture used up deciding, along x: movement counts from there, so the
        /// row does not jump by the slop, yet a coalesced first event keeps all its travel.
        var originX = 0.0
        var samples: [(time: Double, x: Double)] = []
        var lastEventTime: Double
    }

    /// - Complexity: O(1).
    public init(rowWidth: Double) {
        self.rowWidth = Size.isValidLength(rowWidth) ? rowWidth : 0
    }

    /// The row's current offset, 0 when closed.
    ///
    /// - Complexity: O(1) expected.
    public func offset(for row: RowID) -> Double { offsets[row] ?? 0 }

    /// Whether any row shows its actions (or is being swiped).
    ///
    /// - Complexity: O(1).
    public var isAnyRowOpen: Bool { !offsets.isEmpty }

    /// The edge a row shows, or `nil` when closed.
    ///
    /// - Complexity: O(1) expected.
    public func openEdge(of row: RowID) -> SwipeEdge? {
        offsets[row].map(layoutDirection.edge(forOffset:))
    }

    /// Whether a swipe gesture is under way (decided horizontal).
    ///
    /// - Complexity: O(1).
    public var isSwiping: Bool { gesture?.phase == .swiping }

    /// - Complexity: O(1).
    public mutating func setRowWidth(_ width: Double) {
        if Size.isValidLength(width) { rowWidth = width }
    }

    // MARK: Pointer drags

    /// A drag started on `row`. A swipe still in progress is released first.
    ///
    /// - Complexity: O(1), plus the release of an earlier swipe.
    public mutating func beginDrag(on row: RowID, geometry: SwipeGeometry, time: Double) -> SwipeUpdate {
        let update = endDrag(time: time)
        gesture = Gesture(row: row, geometry: geometry, startOffset: offset(for: row), isScroll: false, lastEventTime: time)
        return update
    }

    /// The drag moved; `dx` and `dy` are the total travel since ``beginDrag(on:geometry:time:)``.
    ///
    /// - Complexity: O(1) amortised, plus O(open rows) when the gesture becomes a swipe.
    public mutating func updateDrag(dx: Double, dy: Double, time: Double) -> SwipeUpdate {
        guard var current = gesture, dx.isFinite, dy.isFinite, time.isFinite else { return SwipeUpdate() }
        current.dx = dx
        current.dy = dy
        return track(&current, time: time)
    }

    /// The drag ended: snap open or closed, or perform a full swipe.
    ///
    /// - Complexity: O(samples) ≤ O(events in the velocity window).
    public mutating func endDrag(time: Double) -> SwipeUpdate {
        guard let current = gesture else { return SwipeUpdate() }
        gesture = nil
        guard current.phase == .swiping else { return SwipeUpdate() }
        return settle(current, time: time)
    }

    /// The drag was cancelled (the pointer grab broke): the row goes back to where it was.
    ///
    /// - Complexity: O(1).
    public mutating func cancelDrag() -> SwipeUpdate {
        guard let current = gesture else { return SwipeUpdate() }
        gesture = nil
        guard current.phase == .swiping else { return SwipeUpdate() }
        return moveRow(current.row, to: current.startOffset, animated: true)
    }

    // MARK: Touchpad scrolling

    /// A two-finger scroll over `row`. `dx` and `dy` are this event's deltas, in drag terms:
    /// positive `dx` moves content right. A scroll over another row, or during a drag,
    /// releases that gesture and starts a new one.
    ///
    /// - Complexity: as ``updateDrag(dx:dy:time:)``.
    public mutating func scroll(on row: RowID, geometry: SwipeGeometry, dx: Double, dy: Double, time: Double) -> SwipeUpdate {
        guard dx.isFinite, dy.isFinite, time.isFinite else { return SwipeUpdate() }
        var update = SwipeUpdate()
        if let existing = gesture, existing.row != row || !existing.isScroll {
            update = endDrag(time: time)
        }
        if gesture == nil {
            gesture = Gesture(row: row, geometry: geometry, startOffset: offset(for: row), isScroll: true, lastEventTime: time)
        }
        var current = gesture!
        if current.phase == .abandoned {
            current.lastEventTime = time
            gesture = current
            update.abandonedGesture = true
            return update
        }
        current.dx += dx
        current.dy += dy
        let tracked = track(&current, time: time)
        update.claimedGesture = tracked.claimedGesture
        update.abandonedGesture = tracked.abandonedGesture
        update.offsets += tracked.offsets
        return update
    }

    /// The touchpad reported the end of the scroll (fingers lifted).
    ///
    /// - Complexity: as ``endDrag(time:)``.
    public mutating func endScroll(time: Double) -> SwipeUpdate {
        guard gesture?.isScroll == true else { return SwipeUpdate() }
        return endDrag(time: time)
    }

    /// Ends a touchpad scroll that has been silent for ``SwipeTuning/scrollIdleInterval``,
    /// for devices that never report an end. The app calls this from a timer.
    ///
    /// - Complexity: as ``endDrag(time:)``.
    public mutating func endScrollIfIdle(now: Double) -> SwipeUpdate {
        guard let current = gesture, current.isScroll, now - current.lastEventTime >= SwipeTuning.scrollIdleInterval else {
            return SwipeUpdate()
        }
        // The fingers left when the last event came, not when the silence was noticed.
        return endDrag(time: current.lastEventTime)
    }

    // MARK: Programmatic control

    /// Opens `row` on `edge` (animated), closing others unless several may be open, and
    /// dropping any gesture in progress. Does nothing when that edge has no actions.
    ///
    /// - Complexity: O(open rows).
    public mutating func open(_ row: RowID, edge: SwipeEdge, geometry: SwipeGeometry) -> SwipeUpdate {
        let width = geometry.width(of: edge)
        guard width > 0 else { return SwipeUpdate() }
        gesture = nil
        var update = closeOthers(than: row)
        update.offsets += moveRow(row, to: layoutDirection.sign(of: edge) * width, animated: true).offsets
        return update
    }

    /// Closes `row` (animated). A gesture on it is dropped.
    ///
    /// - Complexity: O(1).
    public mutating func close(_ row: RowID) -> SwipeUpdate {
        if gesture?.row == row { gesture = nil }
        guard offsets[row] != nil else { return SwipeUpdate() }
        return moveRow(row, to: 0, animated: true)
    }

    /// Closes every open row (animated), for scrolling, Escape, a tap elsewhere or editing (S5).
    /// Any gesture in progress is dropped.
    ///
    /// - Complexity: O(open rows).
    public mutating func closeAll() -> SwipeUpdate {
        gesture = nil
        return closeOthers(than: nil)
    }

    /// The user clicked action `index` on `edge` of `row`: it runs, and the row closes (S6).
    ///
    /// - Complexity: O(1).
    public mutating func invokeAction(on row: RowID, edge: SwipeEdge, index: Int) -> SwipeUpdate {
        var update = close(row)
        update.invocations.append(SwipeInvocation(row: row, edge: edge, index: index))
        return update
    }

    /// Forgets a row that was removed from the table.
    ///
    /// - Complexity: O(1).
    public mutating func forget(_ row: RowID) {
        offsets[row] = nil
        if gesture?.row == row { gesture = nil }
    }

    /// Forgets every row for which `isListed` is false (rows removed in bulk).
    ///
    /// - Complexity: O(rows with an offset).
    public mutating func forgetRows(where isGone: (RowID) -> Bool) {
        offsets = offsets.filter { !isGone($0.key) }
        if let row = gesture?.row, isGone(row) { gesture = nil }
    }

    // MARK: Internals

    private mutating func track(_ current: inout Gesture, time: Double) -> SwipeUpdate {
        var update = SwipeUpdate()
        current.lastEventTime = time
        switch current.phase {
        case .abandoned:
            gesture = current
            update.abandonedGesture = true
            return update
        case .undecided:
            guard (current.dx * current.dx + current.dy * current.dy).squareRoot() >= SwipeTuning.slop else {
                gesture = current
                return update
            }
            guard abs(current.dx) > abs(current.dy) else {
                current.phase = .abandoned
                gesture = current
                update.abandonedGesture = true
                return update
            }
            current.phase = .swiping
            current.originX = (min(abs(current.dx), SwipeTuning.slop)) * (current.dx < 0 ? -1 : 1)
            update = closeOthers(than: current.row)
            update.claimedGesture = true
        case .swiping:
            update.claimedGesture = true
        }
        let raw = current.startOffset + current.dx - current.originX
        current.samples.append((time, raw))
        current.samples.removeAll { time - $0.time > SwipeTuning.velocityWindow && $0.time < time }
        gesture = current
        update.offsets += moveRow(current.row, to: constrained(raw, geometry: current.geometry), animated: false).offsets
        return update
    }

    /// The offset shown for a raw pointer offset: free within the actions' width, rubber-banded
    /// past it, or following the pointer to the row's width when a full swipe is allowed.
    private func constrained(_ raw: Double, geometry: SwipeGeometry) -> Double {
        guard raw != 0 else { return 0 }
        let edge = layoutDirection.edge(forOffset: raw)
        let width = geometry.width(of: edge)
        guard width > 0 else { return 0 }
        let sign: Double = raw > 0 ? 1 : -1
        let distance = abs(raw)
        if distance <= width { return raw }
        if geometry.allowsFullSwipe(on: edge) { return sign * min(distance, max(rowWidth, width)) }
        // The band's limit is the row's far edge: content never leaves the row entirely.
        let dimension = max(rowWidth - width, 1)
        let excess = distance - width
        let banded = (1 - 1 / (excess * SwipeTuning.rubberBandCoefficient / dimension + 1)) * dimension
        return sign * (width + banded)
    }

    private mutating func settle(_ current: Gesture, time: Double) -> SwipeUpdate {
        let offset = offset(for: current.row)
        let velocity = releaseVelocity(current.samples, releasedAt: time)
        let direction = offset != 0 ? offset : velocity
        guard direction != 0 else { return moveRow(current.row, to: 0, animated: true, velocity: velocity) }
        let edge = layoutDirection.edge(forOffset: direction)
        let width = current.geometry.width(of: edge)
        let sign: Double = direction > 0 ? 1 : -1
        guard width > 0 else { return moveRow(current.row, to: 0, animated: true, velocity: velocity) }
        if current.geometry.allowsFullSwipe(on: edge), abs(offset) >= SwipeTuning.fullSwipeFraction * rowWidth, rowWidth > 0 {
            var update = moveRow(current.row, to: 0, animated: true, velocity: velocity)
            update.invocations.append(SwipeInvocation(row: current.row, edge: edge, index: 0))
            return update
        }
        let opens: Bool
        if abs(velocity) >= SwipeTuning.flingVelocity {
            opens = (velocity > 0) == (sign > 0)
        } else {
            opens = abs(offset) >= width / 2
        }
        return moveRow(current.row, to: opens ? sign * width : 0, animated: true, velocity: velocity)
    }

    /// Pointer velocity in px/s over the window that ends at the release: a pointer that rested
    /// before letting go has slowed by that much, and one that rested a whole window releases
    /// at 0, so a drag held still snaps by distance. 0 with fewer than two samples in the window.
    private func releaseVelocity(_ samples: [(time: Double, x: Double)], releasedAt time: Double) -> Double {
        let recent = samples.filter { time - $0.time <= SwipeTuning.velocityWindow }
        guard recent.count >= 2, let first = recent.first, let last = recent.last, time > first.time else { return 0 }
        return (last.x - first.x) / (time - first.time)
    }

    private mutating func closeOthers(than row: RowID?) -> SwipeUpdate {
        var update = SwipeUpdate()
        if allowsMultipleOpenRows && row != nil { return update }
        for other in offsets.keys.sorted() where other != row {
            update.offsets += moveRow(other, to: 0, animated: true).offsets
        }
        return update
    }

    private mutating func moveRow(_ row: RowID, to offset: Double, animated: Bool, velocity: Double = 0) -> SwipeUpdate {
        var update = SwipeUpdate()
        guard offsets[row, default: 0] != offset else { return update }
        offsets[row] = offset == 0 ? nil : offset
        update.offsets.append(SwipeOffsetChange(row: row, offset: offset, animated: animated, velocity: velocity))
        return update
    }
}
