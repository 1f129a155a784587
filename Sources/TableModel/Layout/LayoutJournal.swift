import Synchronization

/// The rows of a layout whose height or height state changed since a mark, so that a layout
/// derived from a snapshot of it elsewhere (a filtered layout built off the main thread,
/// ``PreparedFilter``) can be caught up in O(changes) instead of rebuilt.
///
/// A structural change (rows inserted, deleted or moved), a change of every row at once (a
/// width change) or more than ``capacity`` changes since the oldest mark make it *overflowed*:
/// no mark taken before can be caught up any more; the next mark starts a new epoch.
///
/// Invariants: `ids` holds at most ``capacity`` entries, in the order the changes were made;
/// while overflowed it takes no more. Epochs are unique in the process, so a mark names one
/// journal: a mark of another layout's journal never matches.
struct LayoutJournal: Sendable {
    /// The most changes kept; more overflow the journal.
    static let capacity = 4_096

    /// A point in the journal: the changes after it are `ids[count...]` of `epoch`.
    struct Mark: Sendable, Equatable {
        let epoch: Int
        let count: Int
    }

    /// The last epoch handed out, in the whole process.
    private static let epochs = Atomic<Int>(0)

    private var epoch = LayoutJournal.newEpoch()
    private var ids: [Int64] = []
    private var isOverflowed = false

    private static func newEpoch() -> Int { epochs.wrappingAdd(1, ordering: .relaxed).newValue }

    /// Records that row `id`'s height or height state changed.
    ///
    /// - Complexity: O(1) amortised.
    mutating func noteHeight(of id: Int64) {
        guard !isOverflowed else { return }
        if ids.count == Self.capacity { isOverflowed = true; return }
        ids.append(id)
    }

    /// Records a change no list of rows describes (a structural change, or every row's).
    ///
    /// - Complexity: O(1).
    mutating func noteEverything() {
        isOverflowed = true
    }

    /// The current point, to catch up from later. Starts a new epoch (forgetting what earlier
    /// marks would need) when the journal overflowed or is half full.
    ///
    /// - Complexity: O(1) amortised.
    mutating func mark() -> Mark {
        if isOverflowed || ids.count > Self.capacity / 2 {
            epoch = Self.newEpoch()
            ids.removeAll(keepingCapacity: true)
            isOverflowed = false
        }
        return Mark(epoch: epoch, count: ids.count)
    }

    /// The rows changed since `mark`, in order (a row may repeat), or nil when they are not
    /// known any more (overflowed, or a newer epoch began).
    ///
    /// - Complexity: O(1); the slice is O(changes) to read.
    func changes(since mark: Mark) -> ArraySlice<Int64>? {
        guard !isOverflowed, mark.epoch == epoch, mark.count <= ids.count else { return nil }
        return ids[mark.count...]
    }
}
