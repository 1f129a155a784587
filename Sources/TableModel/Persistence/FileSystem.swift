/// An open file, as handed out by a ``FileSystem``.
public struct FileHandleID: Hashable, Sendable {
    public let rawValue: Int32

    /// - Complexity: O(1).
    public init(rawValue: Int32) { self.rawValue = rawValue }
}

/// A failed file-system call.
public struct FileSystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was attempted, such as "rename".
    public var operation: String
    public var path: String
    /// The `errno` value, or 0 when the failure did not come from the system.
    public var code: Int32
    public var message: String

    /// - Complexity: O(1).
    public init(operation: String, path: String, code: Int32, message: String) {
        self.operation = operation
        self.path = path
        self.code = code
        self.message = message
    }

    /// Whether the file or a folder on its path does not exist (`ENOENT`).
    public var isNotFound: Bool { code == FileSystemError.notFoundCode }

    /// `ENOENT`, the same on every platform the app runs on.
    public static let notFoundCode: Int32 = 2

    /// The same failure told about `path`, the file the user named (a failure of a
    /// temporary file is about the file it was to become).
    ///
    /// - Complexity: O(1).
    public func about(_ path: String) -> FileSystemError {
        FileSystemError(operation: operation, path: path, code: code, message: message)
    }

    /// In plain words, naming the file: “/home/ann/rows.json” could not be written: No such
    /// file or directory.
    public var description: String {
        let verb = switch operation {
        case "read": "read"
        case "open": "opened"
        case "unlink": "removed"
        default: "written"
        }
        return "“\(path)” could not be \(verb): \(message)."
    }
}

/// The file operations persistence needs, behind a seam so tests can inject failures and
/// simulated crashes at every step of a save.
public protocol FileSystem {
    /// The whole contents of a file.
    func readFile(at path: String) throws(FileSystemError) -> [UInt8]
    /// Creates or truncates a file for writing, readable by others (mode 0644).
    func openForWriting(at path: String) throws(FileSystemError) -> FileHandleID
    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8], to file: FileHandleID) throws(FileSystemError)
    /// Flushes the file's data to stable storage (`fsync`).
    func synchronize(_ file: FileHandleID) throws(FileSystemError)
    func close(_ file: FileHandleID) throws(FileSystemError)
    /// Atomically replaces `destination` with `source`.
    func rename(_ source: String, to destination: String) throws(FileSystemError)
    /// Flushes a folder's entries to stable storage, so a rename inside it survives power loss.
    func synchronizeDirectory(at path: String) throws(FileSystemError)
    func removeFile(at path: String) throws(FileSystemError)
}
