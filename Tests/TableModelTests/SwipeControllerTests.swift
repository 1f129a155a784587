import Testing
@testable import TableModel

@Suite struct SwipeControllerTests {
    let row = RowID(1)
    let other = RowID(2)
    /// Leading 80 px, trailing 160 px.
    let geometry = SwipeGeometry(leadingWidth: 80, trailingWidth: 160)

    func drag(_ swipe: inout SwipeController, _ row: RowID, to points: [(dx: Double, dy: Double)], step: Double = 0.016, geometry: SwipeGeometry? = nil) -> [SwipeUpdate] {
        _ = swipe.beginDrag(on: row, geometry: geometry ?? self.geometry, time: 0)
        return points.enumerated().map { swipe.updateDrag(dx: $1.dx, dy: $1.dy, time: Double($0 + 1) * step) }
    }

    @Test func movementWithinTheSlopDecidesNothing() {
        var swipe = SwipeController(rowWidth: 400)
        let updates = drag(&swipe, row, to: [(3, 2), (-5, 4)])
        #expect(updates.allSatisfy { $0.isEmpty })
        #expect(swipe.offset(for: row) == 0 && !swipe.isSwiping)
    }

    @Test func verticalMovementAbandonsTheGesture() {
        var swipe = SwipeController(rowWidth: 400)
        let updates = drag(&swipe, row, to: [(4, 12), (-60, 14)])
        #expect(updates[0].abandonedGesture && !updates[0].claimedGesture)
        #expect(updates[1].abandonedGesture && updates[1].offsets.isEmpty)
        #expect(swipe.endDrag(time: 1).isEmpty)
        #expect(!swipe.isAnyRowOpen)
    }

    @Test func horizontalDragFollowsThePointerFromTheSlop() {
        var swipe = SwipeController(rowWidth: 400)
        let updates = drag(&swipe, row, to: [(-10, 1), (-50, 2)])
        #expect(updates[0].claimedGesture)
        #expect(swipe.offset(for: row) == -40)
        #expect(updates[1].offsets == [SwipeOffsetChange(row: row, offset: -40, animated: false)])
        #expect(swipe.openEdge(of: row) == .trailing)
        // A coalesced first event that overshoots the slop keeps its travel beyond it.
        var coalesced = SwipeController(rowWidth: 400)
        _ = drag(&coalesced, row, to: [(-50, 3)])
        #expect(coalesced.offset(for: row) == -40)
    }

    @Test func aCoalescedFirstMotionKeepsItsTravelBeyondTheSlop() {
        // GTK may deliver a quick drag as one motion: only the slop is used up deciding.
        var swipe = SwipeController(rowWidth: 400)
        _ = drag(&swipe, row, to: [(-140, 2)])
        #expect(swipe.offset(for: row) == -130)
    }

    @Test func pastTheActionsWidthTheRowRubberBands() {
        var swipe = SwipeController(rowWidth: 400)
        _ = drag(&swipe, row, to: [(-10, 0), (-10 - 160, 0), (-10 - 260, 0), (-10 - 360, 0)])
        let atHundred = -swipe.offset(for: row)
        #expect(atHundred > 160 && atHundred < 260)
        _ = swipe.updateDrag(dx: -10 - 1000, dy: 0, time: 1)
        let far = -swipe.offset(for: row)
        #expect(far > atHundred && far < 160 + 400)
    }

    @Test func releaseSnapsOpenPastHalfTheWidthAndClosedBefore() {
        var swipe = SwipeController(rowWidth: 400)
        _ = drag(&swipe, row, to: [(-10, 0), (-10 - 81, 0)], step: 1)
        let open = swipe.endDrag(time: 3)
        #expect(open.offsets == [SwipeOffsetChange(row: row, offset: -160, animated: true, velocity: 0)])
        #expect(swipe.offset(for: row) == -160)

        var closing = SwipeController(rowWidth: 400)
        _ = drag(&closing, row, to: [(-10, 0), (-10 - 79, 0)], step: 1)
        _ = closing.endDrag(time: 3)
        #expect(closing.offset(for: row) == 0 && !closing.isAnyRowOpen)
    }

    @Test func aFlingSnapsInItsDirection() {
        var swipe = SwipeController(rowWidth: 400)
        // 30 px in 16 ms ≈ 1900 px/s leftwards: opens although short of half.
        _ = drag(&swipe, row, to: [(-10, 0), (-20, 0), (-50, 0)])
        let update = swipe.endDrag(time: 0.05)
        #expect(swipe.offset(for: row) == -160)
        #expect(update.offsets.first!.velocity < -SwipeTuning.flingVelocity)

        // From open, a fling back closes even though the row is still mostly open.
        _ = swipe.beginDrag(on: row, geometry: geometry, time: 1)
        _ = swipe.updateDrag(dx: 10, dy: 0, time: 1.01)
        _ = swipe.updateDrag(dx: 40, dy: 0, time: 1.02)
        _ = swipe.endDrag(time: 1.03)
        #expect(swipe.offset(for: row) == 0)
    }

    @Test func aQuickDragHeldStillBeforeTheReleaseSnapsByDistance() {
        // 30 px in 32 ms, then the pointer rests: released at once it is a fling and opens;
        // released after a rest of the velocity window it has no speed left, and 40 px of 160
        // is short of half, so it closes.
        for (release, opens) in [(0.05, true), (0.048 + SwipeTuning.velocityWindow + 0.01, false)] {
            var swipe = SwipeController(rowWidth: 400)
            _ = drag(&swipe, row, to: [(-10, 0), (-20, 0), (-50, 0)])
            _ = swipe.endDrag(time: release)
            #expect(swipe.offset(for: row) == (opens ? -160 : 0), "released at \(release) s")
        }
    }

    @Test func dragRightRevealsLeadingAndRightToLeftMirrors() {
        var swipe = SwipeController(rowWidth: 400)
        _ = drag(&swipe, row, to: [(10, 0), (72, 0)])
        _ = swipe.endDrag(time: 2)
        #expect(swipe.offset(for: row) == 80 && swipe.openEdge(of: row) == .leading)

        var mirrored = SwipeController(rowWidth: 400)
        mirrored.layoutDirection = .rightToLeft
        _ = drag(&mirrored, row, to: [(10, 0), (112, 0)])
        _ = mirrored.endDrag(time: 2)
        // In RTL, dragging right reveals the trailing actions, which sit on the left.
        #expect(mirrored.offset(for: row) == 160 && mirrored.openEdge(of: row) == .trailing)
        #expect(mirrored.open(other, edge: .leading, geometry: geometry).offsets.last?.offset == -80)
    }

    @Test func anEdgeWithoutActionsDoesNotMove() {
        var swipe = SwipeController(rowWidth: 400)
        let noLeading = SwipeGeometry(leadingWidth: 0, trailingWidth: 100)
        _ = drag(&swipe, row, to: [(10, 0), (90, 0)], geometry: noLeading)
        #expect(swipe.offset(for: row) == 0)
        _ = swipe.endDrag(time: 1)
        #expect(!swipe.isAnyRowOpen)
        #expect(swipe.open(row, edge: .leading, geometry: noLeading).isEmpty)
    }

    @Test func fullSwipePerformsTheFirstActionOnlyWhenEnabled() {
        var swipe = SwipeController(rowWidth: 400)
        _ = drag(&swipe, row, to: [(-10, 0), (-10 - 300, 0)], step: 1)
        #expect(swipe.endDrag(time: 5).invocations.isEmpty)
        #expect(swipe.offset(for: row) == -160)

        var full = SwipeController(rowWidth: 400)
        let fullGeometry = SwipeGeometry(leadingWidth: 80, trailingWidth: 160, trailingFullSwipe: true)
        _ = drag(&full, row, to: [(-10, 0), (-10 - 300, 0)], step: 1, geometry: fullGeometry)
        #expect(full.offset(for: row) == -300)
        let update = full.endDrag(time: 5)
        #expect(update.invocations == [SwipeInvocation(row: row, edge: .trailing, index: 0)])
        #expect(!full.isAnyRowOpen)

        // Short of 60 % it is an ordinary open.
        _ = drag(&full, row, to: [(-10, 0), (-10 - 230, 0)], step: 1, geometry: fullGeometry)
        #expect(full.endDrag(time: 5).invocations.isEmpty && full.offset(for: row) == -160)
    }

    @Test func openingAnotherRowClosesTheFirstUnlessSeveralAreAllowed() {
        var swipe = SwipeController(rowWidth: 400)
        _ = swipe.open(row, edge: .trailing, geometry: geometry)
        let update = drag(&swipe, other, to: [(-10, 0)])[0]
        #expect(update.offsets.contains(SwipeOffsetChange(row: row, offset: 0, animated: true)))
        #expect(swipe.offsets.keys.sorted() == [other] || swipe.offsets.isEmpty)

        var several = SwipeController(rowWidth: 400)
        several.allowsMultipleOpenRows = true
        _ = several.open(row, edge: .trailing, geometry: geometry)
        _ = several.open(other, edge: .leading, geometry: geometry)
        #expect(several.offset(for: row) == -160 && several.offset(for: other) == 80)
        #expect(several.closeAll().offsets.count == 2)
        #expect(!several.isAnyRowOpen)
    }

    @Test func invokingAnActionClosesTheRowAndReportsIt() {
        var swipe = SwipeController(rowWidth: 400)
        _ = swipe.open(row, edge: .trailing, geometry: geometry)
        let update = swipe.invokeAction(on: row, edge: .trailing, index: 1)
        #expect(update.invocations == [SwipeInvocation(row: row, edge: .trailing, index: 1)])
        #expect(update.offsets == [SwipeOffsetChange(row: row, offset: 0, animated: true)])
        #expect(swipe.close(row).isEmpty)
    }

    @Test func touchpadScrollSwipesAndEndsOnIdle() {
        var swipe = SwipeController(rowWidth: 400)
        var time = 0.0
        var claimed = false
        for _ in 0..<10 {
            time += 0.01
            claimed = swipe.scroll(on: row, geometry: geometry, dx: -15, dy: 0.5, time: time).claimedGesture || claimed
        }
        #expect(claimed && swipe.isSwiping)
        #expect(swipe.endScrollIfIdle(now: time + 0.05).isEmpty)
        _ = swipe.endScrollIfIdle(now: time + 0.2)
        #expect(!swipe.isSwiping && swipe.offset(for: row) == -160)
        // A vertical scroll is left to the table, for the whole scroll.
        #expect(swipe.scroll(on: other, geometry: geometry, dx: 0, dy: 20, time: 5).abandonedGesture)
        #expect(swipe.scroll(on: other, geometry: geometry, dx: -50, dy: 0, time: 5.01).abandonedGesture)
        #expect(swipe.offset(for: other) == 0)
        _ = swipe.endScroll(time: 5.02)
        #expect(!swipe.isSwiping)
    }

    @Test func cancelRestoresTheStartingOffset() {
        var swipe = SwipeController(rowWidth: 400)
        _ = swipe.open(row, edge: .leading, geometry: geometry)
        _ = drag(&swipe, row, to: [(-10, 0), (-50, 0)])
        #expect(swipe.offset(for: row) == 40)
        _ = swipe.cancelDrag()
        #expect(swipe.offset(for: row) == 80)
    }

    @Test func randomGesturesKeepTheInvariants() {
        let seed = TestSeed.make()
        var random = SplitMix64(seed: seed)
        var swipe = SwipeController(rowWidth: 360)
        let rows = (1...4).map { RowID(Int64($0)) }
        var time = 0.0
        for _ in 0..<2000 {
            time += Double.random(in: 0.001...0.05, using: &random)
            let target = rows.randomElement(using: &random)!
            switch Int.random(in: 0..<8, using: &random) {
            case 0: _ = swipe.beginDrag(on: target, geometry: geometry, time: time)
            case 1, 2: _ = swipe.updateDrag(dx: Double.random(in: -500...500, using: &random), dy: Double.random(in: -30...30, using: &random), time: time)
            case 3: _ = swipe.endDrag(time: time)
            case 4: _ = swipe.scroll(on: target, geometry: geometry, dx: Double.random(in: -40...40, using: &random), dy: Double.random(in: -5...5, using: &random), time: time)
            case 5: _ = swipe.endScrollIfIdle(now: time)
            case 6: _ = swipe.open(target, edge: Bool.random(using: &random) ? .leading : .trailing, geometry: geometry)
            default: _ = swipe.closeAll()
            }
            #expect(swipe.offsets.count <= 1, "seed \(seed)")
            for (_, offset) in swipe.offsets {
                #expect(offset != 0 && offset.isFinite && offset >= -360 && offset <= 360, "seed \(seed)")
            }
            if !swipe.isSwiping {
                for (_, offset) in swipe.offsets {
                    #expect(offset == 80 || offset == -160, "seed \(seed): unsettled offset \(offset)")
                }
            }
        }
    }
}
