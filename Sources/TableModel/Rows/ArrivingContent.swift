/// What the table knows of content that arrives after it is built: each rich row's loading
/// state, and each web row's document as the view measured it (H1). A rich row not named is
/// a placeholder; a web row not named is not measured yet.
///
/// Invariant (checked by ``Table/_checkInvariants()``): a state names a rich row of the table,
/// a fit a web row. A deleted row's entries go with it (``forget(_:)``, ``keep(where:)``).
struct ArrivingContent {
    /// Each rich row's loading state, when it is not a placeholder.
    var richStates: [RowID: RichLoadState] = [:]
    /// Each web row's measured document.
    var webFits: [RowID: WebFit] = [:]

    /// Drops what is known of row `id`, which was deleted.
    ///
    /// - Complexity: O(1) expected.
    mutating func forget(_ id: RowID) {
        richStates[id] = nil
        webFits[id] = nil
    }

    /// Keeps only what is known of rows for which `isListed` holds (after a bulk delete).
    ///
    /// - Complexity: O(r) for r rows named.
    mutating func keep(where isListed: (RowID) -> Bool) {
        richStates = richStates.filter { isListed($0.key) }
        webFits = webFits.filter { isListed($0.key) }
    }
}
