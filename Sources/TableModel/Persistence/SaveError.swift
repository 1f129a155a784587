/// Why a save did not happen.
public enum SaveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file at this path failed to load, so saving would destroy data the user may still
    /// recover. The store never writes over it (W6).
    case refusingToOverwriteUnreadableFile(RowsFileError)
    /// Nothing was loaded from or created at the path yet.
    case notLoaded(path: String)
    case fileSystem(FileSystemError)

    public var description: String {
        switch self {
        case .refusingToOverwriteUnreadableFile(let error): "not saving: the file could not be loaded (\(error))"
        case .notLoaded(let path): "not saving: \(path) was never loaded"
        case .fileSystem(let error): "saving failed: \(error)"
        }
    }
}
