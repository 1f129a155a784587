extension Table {
    /// Whether several rows may show their actions at once (S5). Off by default.
    ///
    /// - Complexity: O(1).
    public var allowsMultipleOpenRows: Bool {
        get { swipe.allowsMultipleOpenRows }
        set { swipe.allowsMultipleOpenRows = newValue }
    }

    /// The interface direction; leading and trailing swap sides in right-to-left (S8).
    ///
    /// - Complexity: O(1).
    public var layoutDirection: LayoutDirection {
        get { swipe.layoutDirection }
        set { swipe.layoutDirection = newValue }
    }

    /// The swipe actions' titles, font and full-swipe setting, as the app sets them.
    ///
    /// - Complexity: O(1).
    public var swipeActionStyle: SwipeActionStyle {
        get { swipe.style }
        set { swipe.style = newValue }
    }

    /// The actions on `edge` of row `id`; nil for headers, which have none, and for a row
    /// that could not be read, which nothing may change.
    ///
    /// - Throws: ``TableError/unknownRow(_:)``.
    /// - Complexity: O(1) expected.
    public func swipeConfiguration(for id: RowID, edge: SwipeEdge) throws(TableError) -> SwipeConfiguration? {
        let row = try existingRow(id)
        guard row.kind != .header, rows.readFailure(of: id) == nil else { return nil }
        let fullSwipe = swipeActionStyle.allowsFullSwipe
        return swipeActionStyle.titled(edge == .leading
            ? DemoSwipeActions.leading(for: row, fullSwipe: fullSwipe)
            : DemoSwipeActions.trailing(for: row, fullSwipe: fullSwipe))
    }

    /// Each action button's width on `edge` of row `id`, from the edge inwards (S1).
    ///
    /// - Throws: ``TableError/unknownRow(_:)``.
    /// - Complexity: O(actions), measuring each title once.
    public func swipeActionWidths(for id: RowID, edge: SwipeEdge) throws(TableError) -> [Double] {
        widths(of: try swipeConfiguration(for: id, edge: edge))
    }

    /// The action widths of `configuration` (none for nil), measured once per title and font.
    private func widths(of configuration: SwipeConfiguration?) -> [Double] {
        (configuration?.actions ?? []).map { swipe.style.width(of: $0, measurer: measuring.measurer) }
    }

    /// The row's revealed offset: signed, positive when the content moved right.
    ///
    /// - Complexity: O(1) expected.
    public func swipeOffset(for id: RowID) -> Double { swipe.offset(for: id) }

    /// Whether any row shows its actions.
    ///
    /// - Complexity: O(1).
    public var isAnyRowOpen: Bool { swipe.isAnyRowOpen }

    func swipeGeometry(for id: RowID) throws(TableError) -> SwipeGeometry {
        let leading = try swipeConfiguration(for: id, edge: .leading)
        let trailing = try swipeConfiguration(for: id, edge: .trailing)
        return SwipeGeometry(
            leadingWidth: widths(of: leading).reduce(0, +), trailingWidth: widths(of: trailing).reduce(0, +),
            leadingFullSwipe: leading?.performsFirstActionWithFullSwipe ?? false,
            trailingFullSwipe: trailing?.performsFirstActionWithFullSwipe ?? false)
    }

    /// A pointer drag started on row `id` (S2). In selection mode swipes are off (E3): the
    /// drag changes nothing.
    ///
    /// - Throws: ``TableError/unknownRow(_:)``; nothing changes then.
    /// - Complexity: O(1) expected.
    public func beginSwipeDrag(on id: RowID, time: Double) throws(TableError) -> TableUpdate {
        guard !isSelecting else { return TableUpdate() }
        let geometry = try swipeGeometry(for: id)
        return performing(swipe.beginDrag(on: id, geometry: geometry, time: time))
    }

    /// The drag moved by (`dx`, `dy`) in total since it began.
    ///
    /// - Complexity: O(1) amortised.
    public func updateSwipeDrag(dx: Double, dy: Double, time: Double) -> TableUpdate {
        performing(swipe.updateDrag(dx: dx, dy: dy, time: time))
    }

    /// The drag ended: the row snaps, or a full swipe performs its first action.
    ///
    /// - Complexity: that of the action performed, if any.
    public func endSwipeDrag(time: Double) -> TableUpdate {
        performing(swipe.endDrag(time: time))
    }

    /// The pointer grab broke: the row returns to where it was.
    ///
    /// - Complexity: O(1).
    public func cancelSwipeDrag() -> TableUpdate {
        var update = TableUpdate()
        update.swipe = swipe.cancelDrag()
        return update
    }

    /// A two-finger touchpad scroll over row `id`; deltas in drag terms (S2). Off in
    /// selection mode (E3).
    ///
    /// - Throws: ``TableError/unknownRow(_:)``; nothing changes then.
    /// - Complexity: O(1) amortised.
    public func swipeScroll(on id: RowID, dx: Double, dy: Double, time: Double) throws(TableError) -> TableUpdate {
        guard !isSelecting else { return TableUpdate() }
        let geometry = try swipeGeometry(for: id)
        return performing(swipe.scroll(on: id, geometry: geometry, dx: dx, dy: dy, time: time))
    }

    /// The touchpad scroll ended.
    ///
    /// - Complexity: that of the action performed, if any.
    public func endSwipeScroll(time: Double) -> TableUpdate {
        performing(swipe.endScroll(time: time))
    }

    /// Ends a touchpad scroll that went quiet; the app calls it from a short timer. `now` is
    /// on the timeline of the scroll's event times.
    ///
    /// - Complexity: that of the action performed, if any.
    public func endSwipeScrollIfIdle(now: Double) -> TableUpdate {
        performing(swipe.endScrollIfIdle(now: now))
    }

    /// Reveals row `id`'s actions on `edge` without dragging.
    ///
    /// - Throws: ``TableError/unknownRow(_:)``; nothing changes then.
    /// - Complexity: O(open rows).
    public func openSwipe(_ id: RowID, edge: SwipeEdge) throws(TableError) -> TableUpdate {
        let geometry = try swipeGeometry(for: id)
        var update = TableUpdate()
        update.swipe = swipe.open(id, edge: edge, geometry: geometry)
        return update
    }

    /// Hides row `id`'s actions.
    ///
    /// - Complexity: O(1).
    public func closeSwipe(_ id: RowID) -> TableUpdate {
        var update = TableUpdate()
        update.swipe = swipe.close(id)
        return update
    }

    /// A click or tap anywhere but on an action button, the open row included: open rows
    /// close (S5). Returns whether the tap was used up closing them (the view then does not
    /// act on it otherwise).
    ///
    /// - Complexity: O(open rows).
    public func tap() -> (consumed: Bool, update: TableUpdate) {
        var update = TableUpdate()
        let consumed = swipe.isAnyRowOpen
        update.swipe = swipe.closeAll()
        return (consumed, update)
    }

    /// Escape: closes open rows (S5) and ends editing (N6). Returns whether it did anything.
    ///
    /// - Complexity: O(open rows).
    public func escape() -> (consumed: Bool, update: TableUpdate) {
        let consumed = swipe.isAnyRowOpen || editingRow != nil
        endEditing()
        var update = TableUpdate()
        update.swipe = swipe.closeAll()
        return (consumed, update)
    }

    /// Runs action `index` on `edge` of row `id` — clicked, or chosen from the context menu
    /// (S6, S7) — and closes the row.
    ///
    /// - Throws: ``TableError/unknownRow(_:)``, ``TableError/unreadableRow(_:_:)``,
    ///   ``TableError/headerHasNoActions(_:)``, ``TableError/unknownAction(_:edge:index:)``;
    ///   nothing changes then.
    /// - Complexity: that of the action.
    public func performSwipeAction(on id: RowID, edge: SwipeEdge, index: Int) throws(TableError) -> TableUpdate {
        _ = try writableRow(id)
        guard let configuration = try swipeConfiguration(for: id, edge: edge) else { throw .headerHasNoActions(id) }
        guard configuration.actions.indices.contains(index) else { throw .unknownAction(id, edge: edge, index: index) }
        return performing(swipe.invokeAction(on: id, edge: edge, index: index))
    }

    /// Wraps a swipe update and performs the actions it invokes. An invocation whose row or
    /// action is gone by now (deleted while its reveal was open) is skipped: the swipe
    /// offsets are applied all the same, so the view and the swipe state never disagree.
    ///
    /// - Complexity: that of the actions performed.
    private func performing(_ swipeUpdate: SwipeUpdate) -> TableUpdate {
        var update = TableUpdate()
        update.swipe = swipeUpdate
        for invocation in swipeUpdate.invocations {
            guard let configuration = try? swipeConfiguration(for: invocation.row, edge: invocation.edge),
                  configuration.actions.indices.contains(invocation.index) else { continue }
            let performed: TableUpdate?
            switch configuration.actions[invocation.index].identifier {
            case DemoSwipeActions.delete.identifier: performed = try? delete(invocation.row)
            case DemoSwipeActions.flag.identifier, DemoSwipeActions.unflag.identifier: performed = try? toggleFlag(invocation.row)
            case DemoSwipeActions.pin.identifier: performed = try? pin(invocation.row)
            case DemoSwipeActions.unpin.identifier: performed = try? unpin(invocation.row)
            case DemoSwipeActions.done.identifier, DemoSwipeActions.notDone.identifier: performed = try? toggleDone(invocation.row)
            default: performed = TableUpdate()
            }
            guard let performed else { continue }
            update.absorb(performed)
            update.performedActions.append(invocation)
        }
        return update
    }
}
