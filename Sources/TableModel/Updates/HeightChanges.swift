/// The height changes of a `ChangeSet`: an array-like collection that holds one change
/// inline, so the hot single-row case (`TableLayout.setMeasuredHeight`) allocates nothing.
/// Several changes live in an array.
///
/// Invariant: `storage` is `.many` only with two changes or more.
public struct HeightChanges: RandomAccessCollection, RangeReplaceableCollection, Sendable, Equatable,
    ExpressibleByArrayLiteral {
    public typealias Element = ChangeSet.HeightChange

    private enum Storage: Sendable, Equatable {
        case none
        case one(ChangeSet.HeightChange)
        case many([ChangeSet.HeightChange])
    }

    private var storage: Storage

    /// No change.
    ///
    /// - Complexity: O(1).
    public init() { storage = .none }

    /// One change, stored inline.
    ///
    /// - Complexity: O(1).
    init(_ change: ChangeSet.HeightChange) { storage = .one(change) }

    public init(arrayLiteral elements: ChangeSet.HeightChange...) {
        self.init()
        append(contentsOf: elements)
    }

    public var startIndex: Int { 0 }

    /// - Complexity: O(1).
    public var endIndex: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case .many(let changes): changes.count
        }
    }

    /// - Complexity: O(1).
    public subscript(position: Int) -> ChangeSet.HeightChange {
        switch storage {
        case .one(let change) where position == 0: change
        case .many(let changes): changes[position]
        default: preconditionFailure("HeightChanges: index \(position) is outside 0..<\(endIndex)")
        }
    }

    /// Appends in place (the array is not copied, so k appends cost O(k) amortised).
    ///
    /// - Complexity: O(1) amortised.
    public mutating func append(_ change: ChangeSet.HeightChange) {
        switch storage {
        case .none:
            storage = .one(change)
        case .one(let first):
            storage = .many([first, change])
        case .many(var changes):
            storage = .none  // drops the enum's reference, so `changes` is uniquely held
            changes.append(change)
            storage = .many(changes)
        }
    }

    /// - Complexity: O(count + new elements); an array is made once two changes are held.
    public mutating func replaceSubrange<C: Collection<ChangeSet.HeightChange>>(
        _ subrange: Range<Int>, with newElements: C
    ) {
        var changes = Array(self)
        changes.replaceSubrange(subrange, with: newElements)
        switch changes.count {
        case 0: storage = .none
        case 1: storage = .one(changes[0])
        default: storage = .many(changes)
        }
    }
}
