/// Why a row listed in the table could not be read from its store, told in words a user
/// understands: what is wrong, in which file, and that the stored row is left as it is.
///
/// The table shows such a row as unreadable, with this message, and never writes it: no
/// intent changes, moves or deletes it, so the placeholder it shows never reaches the store.
public struct RowReadFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// One or two sentences for the user; they name the file, never the row's id.
    public var message: String

    /// - Complexity: O(1).
    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
