/// A ``Table``'s row content by id. Either every row is held in memory (a table made from a
/// file), or content comes from a ``RowContentSource`` on demand: rows read are kept in a
/// bounded cache, and rows changed in this session are held until the end, so the store's
/// copy (written later, off the main thread) is never needed for them.
///
/// A row the source cannot read reads as an empty placeholder of its listed kind, and
/// ``readFailure(of:)`` says why until a later read succeeds or the table replaces the row.
///
/// Invariant: ``count`` is the number of rows present; a removed row reads as nil even
/// while the store still has it; a row with a read failure is neither held nor cached.
public final class RowContents {
    /// Rows read from the source that stay cached: at least this many, at most twice as many.
    public static let cacheCapacity = 2048

    private let source: (any RowContentSource)?
    /// Every row without a source; the rows changed in this session with one.
    private var held: [RowID: Row]
    private var removed: Set<RowID> = []
    private var recent: [RowID: Row] = [:]
    private var older: [RowID: Row] = [:]
    private var failures: [RowID: RowReadFailure] = [:]
    /// The kind of a row the table lists, for a placeholder when the source lost the row.
    var listedKind: (RowID) -> RowKind? = { _ in nil }

    /// The number of rows present.
    public private(set) var count: Int
    /// How many rows were read from the source (cache misses), for tests and benchmarks.
    public private(set) var sourceReads = 0

    /// Every row in memory.
    ///
    /// - Complexity: O(1).
    init(rows: [RowID: Row]) {
        source = nil
        held = rows
        count = rows.count
    }

    /// `count` rows in `source`, read on demand.
    ///
    /// - Complexity: O(1).
    init(source: any RowContentSource, count: Int) {
        self.source = source
        held = [:]
        self.count = count
    }

    /// Whether content is read on demand.
    public var isLazy: Bool { source != nil }

    /// The rows held in memory now: all of them without a source, else the cached and changed ones.
    ///
    /// - Complexity: O(1).
    public var residentCount: Int { held.count + recent.count + older.count }

    /// The row with `id`, or nil when it is not present.
    ///
    /// - Complexity: O(1) expected when held or cached, else one source read.
    public internal(set) subscript(id: RowID) -> Row? {
        get { lookUp(id) }
        set { store(newValue, for: id) }
    }

    /// Row `id`'s content, held, cached or read. A row the table no longer lists reads as
    /// absent (rows removed in bulk are never added to `removed`), unless `evenUnlisted`
    /// (a removal asking whether the row was present before the table dropped it).
    private func lookUp(_ id: RowID, evenUnlisted: Bool = false) -> Row? {
        if let row = held[id] { return row }
        guard let source, !removed.contains(id), evenUnlisted || listedKind(id) != nil else { return nil }
        if let row = recent[id] { return row }
        if let row = older.removeValue(forKey: id) {
            cache(row, for: id)
            return row
        }
        sourceReads += 1
        switch source.content(of: id) {
        case .success(let read):
            failures[id] = nil
            cache(read, for: id)
            return read
        case .failure(let failure):
            // Not cached, so the row is read again next time (the failure may pass).
            guard let kind = listedKind(id) else { return nil }
            failures[id] = failure
            return Row(id: id, content: Self.placeholder(for: kind))
        }
    }

    /// Why row `id` could not be read at its last read, or nil when it was read (or is held).
    ///
    /// - Complexity: O(1) expected.
    public func readFailure(of id: RowID) -> RowReadFailure? {
        failures.isEmpty ? nil : failures[id]
    }

    private func cache(_ row: Row, for id: RowID) {
        if recent.count >= Self.cacheCapacity {
            older = recent
            recent = [:]
        }
        recent[id] = row
    }

    private func store(_ row: Row?, for id: RowID) {
        let present = lookUp(id, evenUnlisted: true) != nil
        recent[id] = nil
        older[id] = nil
        failures[id] = nil
        if let row {
            held[id] = row
            removed.remove(id)
            if !present { count += 1 }
        } else {
            held[id] = nil
            if source != nil { removed.insert(id) }
            if present { count -= 1 }
        }
    }

    /// Takes out, in one step, the `removedCount` rows that left the table in bulk (those
    /// `isListed` no longer lists), returning the ones held in memory for ``restore(_:count:)``.
    /// With a source, the rest read as absent from now on because the table no longer lists them.
    ///
    /// - Complexity: O(1) when every row goes, else O(rows held and cached).
    func removeInBulk(count removedCount: Int, isListed: (RowID) -> Bool) -> [RowID: Row] {
        var taken: [RowID: Row]
        if removedCount == count {
            taken = held
            held = [:]
            (recent, older, failures) = ([:], [:], [:])
        } else {
            taken = held.filter { !isListed($0.key) }
            for id in taken.keys { held[id] = nil }
            recent = recent.filter { isListed($0.key) }
            older = older.filter { isListed($0.key) }
            failures = failures.filter { isListed($0.key) }
        }
        count -= removedCount
        return taken
    }

    /// Puts back rows that ``removeInBulk(count:isListed:)`` took out: `taken` in memory, the
    /// rest read from the source again once the table lists them.
    ///
    /// - Complexity: O(rows in `taken`).
    func restore(_ taken: [RowID: Row], count restoredCount: Int) {
        for (id, row) in taken {
            held[id] = row
            removed.remove(id)
        }
        count += restoredCount
    }

    /// Empty content of `kind`, standing for a row the store cannot give (another process
    /// deleted it, or its columns are damaged), so the table never traps on it.
    private static func placeholder(for kind: RowKind) -> RowContent {
        switch kind {
        case .header: .header(title: "")
        case .note: .note(text: "", expanded: false)
        case .toggle: .toggle(title: "", open: false)
        case .grid: .grid(chips: [])
        case .rich: .rich(source: "")
        case .web: .web(html: "")
        }
    }
}
