extension TableLayout {
    /// The largest scroll offset: the content's end (plus the bottom inset) at the viewport's
    /// bottom, or 0.
    ///
    /// - Complexity: O(1).
    public var maxScrollOffset: Double { max(0, contentHeight + bottomInset - viewportHeight) }

    /// Sets extra scrollable space below the last row, for something that covers the
    /// viewport's bottom (a toast), so the last row can still be scrolled clear of it. The
    /// anchor row stays put unless the end must clamp. Returns the corrected scroll offset.
    ///
    /// - Complexity: O(log n).
    @discardableResult
    public func setBottomInset(_ inset: Double) -> Double {
        let context = ScrollContext(self)
        bottomInset = inset.isFinite ? max(0, inset) : 0
        restoreScroll(context)
        return scrollOffset
    }

    /// Scrolls to `offset` (the user or the view moved the scrollbar): the offset is clamped
    /// (so `.infinity` means the end; NaN means the top) and the anchor re-derived from it.
    /// Returns the clamped offset.
    ///
    /// - Complexity: O(log n).
    @discardableResult
    public func scroll(toOffset offset: Double) -> Double {
        settleScroll(at: offset.isNaN ? 0 : offset)
        return scrollOffset
    }

    /// Changes the viewport height. The anchor row stays where it is on screen unless the
    /// new height needs a clamp at the end. Returns the corrected scroll offset.
    ///
    /// - Complexity: O(log n).
    @discardableResult
    public func setViewportHeight(_ height: Double) -> Double {
        let context = ScrollContext(self)
        viewportHeight = height.isFinite ? max(0, height) : 0
        restoreScroll(context)
        return scrollOffset
    }

    /// Clamps `offset` (not NaN) and makes the row covering it the anchor.
    func settleScroll(at offset: Double) {
        scrollOffset = min(max(0, offset), maxScrollOffset)
        anchor = row(atOffset: scrollOffset)
    }

    /// Re-derives the scroll offset after a change, following the rules of `ScrollContext`.
    ///
    /// When the anchor row still covers the restored offset it stays the anchor: it is the row
    /// `row(atOffset:)` would find (every row before it ends at or above its top), so the
    /// descent is skipped and only the offset inside the row is recomputed, as that would.
    ///
    /// - Complexity: O(log n).
    func restoreScroll(_ context: ScrollContext) {
        if context.wasAtTop {
            settleScroll(at: 0)
            return
        }
        guard let anchor = context.anchor, let (leaf, slot) = index.find(anchor.id.rawValue, hint: anchorHint) else {
            settleScroll(at: context.offset)
            return
        }
        anchorHint = (leaf, slot)
        let top = index.position(leaf: leaf, slot: slot).offset
        let height = HeightUnits.points(index.rowUnits(leaf: leaf, slot: slot))
        let target = HeightUnits.points(top) + context.offsetInRow(of: anchor, nowTall: height, viewportHeight: viewportHeight)
        let clamped = min(max(0, target), maxScrollOffset)
        let y = HeightUnits.unitsRoundingDown(clamped)
        guard clamped.isFinite, y >= top, y - top < index.rowUnits(leaf: leaf, slot: slot) else {
            settleScroll(at: target)
            return
        }
        scrollOffset = clamped
        self.anchor = ScrollAnchor(id: anchor.id, offsetInRow: clamped - HeightUnits.points(top))
    }
}

/// The scroll position remembered before a change, and the rule for restoring it:
/// - At the very top (offset 0) the table stays at the top: rows inserted or grown at the
///   top push the content down, as a reader at the top of a list expects.
/// - Otherwise the anchor row keeps its screen position: the offset becomes the anchor row's
///   new top plus the same offset inside it, so changes above the viewport are invisible.
/// - If the anchor row shrank past the anchor (a long note collapsed at its button, the undo
///   of an expand), the anchor clamps into what is left of the row: when the row's end was on
///   screen it stays where it was (the button stays under the pointer, the rows below stay
///   put, rows above come into view); otherwise the row's top goes to the viewport's top.
/// - Either way the result is clamped to `0...maxScrollOffset` and the anchor re-derived.
struct ScrollContext {
    private(set) var anchor: ScrollAnchor?
    /// The anchor row's height before the change; nil once the anchor passed to another row.
    private var anchorRowHeight: Double?
    let wasAtTop: Bool
    let offset: Double

    /// - Complexity: O(1) when the layout's anchor hint is right, else O(log n).
    init(_ layout: TableLayout) {
        anchor = layout.anchor
        if let anchor, let (leaf, slot) = layout.index.find(anchor.id.rawValue, hint: layout.anchorHint) {
            anchorRowHeight = HeightUnits.points(layout.index.rowUnits(leaf: leaf, slot: slot))
        }
        wasAtTop = layout.scrollOffset == 0
        offset = layout.scrollOffset
    }

    /// The anchor row leaves in the change: `replacement` (another row, or none) takes over.
    ///
    /// - Complexity: O(1).
    mutating func passAnchor(to replacement: ScrollAnchor?) {
        anchor = replacement
        anchorRowHeight = nil
    }

    /// Where the viewport's top goes inside `anchor`'s row, now `height` px tall: where it
    /// was, unless the row shrank past it; then so that the row's end stays where it was on
    /// screen, if it was in the viewport, else 0 (the row's top at the viewport's top). The
    /// result may be negative: the row's top then lies below the viewport's top.
    ///
    /// - Complexity: O(1).
    func offsetInRow(of anchor: ScrollAnchor, nowTall height: Double, viewportHeight: Double) -> Double {
        guard let oldHeight = anchorRowHeight, anchor.offsetInRow < oldHeight, anchor.offsetInRow >= height else {
            return anchor.offsetInRow
        }
        let endOnScreen = oldHeight - anchor.offsetInRow
        return endOnScreen <= viewportHeight ? height - endOnScreen : 0
    }
}
