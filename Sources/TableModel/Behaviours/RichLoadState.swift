/// Where a rich row's content is (R1). Runtime only; never saved.
///
/// Transitions: placeholder → loading → loaded | failed; failed → loading (retry).
/// A load that takes longer than ``RichLoadState/timeout`` fails, so a row never hangs.
public enum RichLoadState: Hashable, Sendable {
    /// Nothing requested yet; the row is laid out at its kind's estimate.
    case placeholder
    /// Requested at `since` (monotonic seconds); still at the estimate.
    case loading(since: Double)
    /// The markup arrived; the row is measured at its width.
    case loaded(markup: String)
    /// Loading failed or timed out; the row says why at a fixed height.
    case failed(Failure)

    /// Why a load failed; the app words it for the user.
    public enum Failure: Hashable, Sendable {
        /// The load ran past ``RichLoadState/timeout``.
        case timedOut
        /// The loader reported an error, in its own words (GLib's, already translated).
        case error(String)
    }

    /// How long a load may take before it is reported as failed.
    public static let timeout: Double = 10

    /// Whether the row is waiting for content (placeholder or loading).
    ///
    /// - Complexity: O(1).
    public var isPending: Bool {
        switch self {
        case .placeholder, .loading: true
        case .loaded, .failed: false
        }
    }
}
