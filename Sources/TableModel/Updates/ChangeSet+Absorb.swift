extension ChangeSet {
    /// Appends `later`, a change set returned after this one, so several engine calls made
    /// for one intent reach the view as one. Scroll offset and content height are the later ones.
    ///
    /// - Complexity: O(size of `later`).
    mutating func absorb(_ later: ChangeSet) {
        deleted += later.deleted
        inserted += later.inserted
        moved += later.moved
        rebind += later.rebind
        remeasure += later.remeasure
        remeasureAll = remeasureAll || later.remeasureAll
        removedInBulk += later.removedInBulk
        restoredInBulk += later.restoredInBulk
        heightChanges += later.heightChanges
        estimatesChanged = estimatesChanged || later.estimatesChanged
        scrollOffset = later.scrollOffset
        contentHeight = later.contentHeight
    }
}
