/// Why a row listed in the table could not be read from its store, told in words a user
/// understands: what is wrong, in which file, and that the stored row is left as it is.
///
/// The table shows such a row as unreadable, with this message, and never writes it: no
/// intent changes, moves or deletes it, so the placeholder it shows never reaches the store.
public struct RowReadFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for a caller that words the message itself (the app, in the user's
    /// language); nil when only the message says it.
    public enum Reason: Hashable, Sendable {
        /// Another program removed the row from `file`.
        case removed(file: String)
        /// The row's stored columns in `file` do not make a row.
        case damaged(file: String, Damage)
    }

    /// Which stored column of a row does not make sense.
    public enum Damage: Hashable, Sendable {
        /// A kind this app does not know, by its stored name.
        case unknownKind(String)
        case chipsNotAnArray
        case chipNotAString
        case extraFieldsNotAnObject
    }

    /// One or two sentences for the user; they name the file, never the row's id.
    public var message: String
    public var reason: Reason?

    /// - Complexity: O(1).
    public init(message: String, reason: Reason? = nil) {
        self.message = message
        self.reason = reason
    }

    public var description: String { message }
}
