extension Table {
    /// Where the rich row `id`'s content is (R1).
    ///
    /// - Throws: ``TableError/unknownRow(_:)`` or ``TableError/wrongKind(_:expected:found:)``.
    /// - Complexity: O(1) expected.
    public func richState(of id: RowID) throws(TableError) -> RichLoadState {
        try richRow(id)
        return arriving.richStates[id] ?? .placeholder
    }

    /// The app started loading the row's content. It stays at the estimate meanwhile.
    ///
    /// - Throws: the lookup errors; nothing changes then.
    /// - Complexity: O(1) expected.
    public func richLoadingStarted(_ id: RowID) throws(TableError) {
        try richRow(id)
        arriving.richStates[id] = .loading(since: clock())
        measuring.memo.unmeasurable.remove(id)
    }

    /// The content arrived: the row is measured once at the current width. Rows above and
    /// what the user looks at stay put; the row grows downward (R1, W2).
    ///
    /// - Throws: the lookup errors, ``TableError/textTooLarge(_:bytes:limit:)``; nothing changes then.
    /// - Complexity: O(length of the markup + log n).
    public func richContentArrived(_ id: RowID, markup: String) throws(TableError) -> TableUpdate {
        let row = try richRow(id)
        let bytes = markup.utf8.count
        guard bytes <= RowLimits.maxTextBytes else { throw .textTooLarge(id, bytes: bytes, limit: RowLimits.maxTextBytes) }
        arriving.richStates[id] = .loaded(markup: markup)
        var update = measureRows([row])
        update.rebind.append(id)
        return update
    }

    /// Loading failed: the row says why at the fixed error height.
    ///
    /// - Throws: the lookup errors; nothing changes then.
    /// - Complexity: O(log n).
    public func richContentFailed(_ id: RowID, because failure: RichLoadState.Failure) throws(TableError) -> TableUpdate {
        let row = try richRow(id)
        arriving.richStates[id] = .failed(failure)
        var update = measureRows([row])
        update.rebind.append(id)
        return update
    }

    /// Fails every load that has run longer than ``RichLoadState/timeout``, so no row waits
    /// forever. The app calls it from a timer.
    ///
    /// - Complexity: O(rows with a rich state + k log n) for k rows failed.
    public func failOverdueRichLoads() -> TableUpdate {
        let now = clock()
        let overdue = arriving.richStates.compactMap { id, state -> RowID? in
            if case .loading(let since) = state, now - since >= RichLoadState.timeout { return id }
            return nil
        }.sorted()
        var update = unchangedUpdate()
        for id in overdue {
            if let failed = try? richContentFailed(id, because: .timedOut) { update.absorb(failed) }
        }
        return update
    }

    @discardableResult
    func richRow(_ id: RowID) throws(TableError) -> Row {
        let row = try existingRow(id)
        guard row.kind == .rich else { throw .wrongKind(id, expected: .rich, found: row.kind) }
        return row
    }
}
