/// Loads and saves one rows file at a fixed path, and remembers whether loading worked.
///
/// Invariant: ``save(_:)`` writes only after a successful ``load()`` or
/// ``loadOrCreate(from:)``. A path whose load failed is never written (W6).
public struct RowsFileStore {
    public enum State: Hashable, Sendable {
        case notLoaded
        case loaded
        case loadFailed(RowsFileError)
    }

    public let path: String
    public private(set) var state: State = .notLoaded
    private let fileSystem: any FileSystem

    /// - Complexity: O(1).
    public init(path: String, fileSystem: any FileSystem = PosixFileSystem()) {
        self.path = path
        self.fileSystem = fileSystem
    }

    /// Reads and decodes the file.
    ///
    /// - Throws: ``RowsFileError``; the store then refuses to save.
    /// - Complexity: O(size of the file).
    public mutating func load() throws(RowsFileError) -> RowsFile {
        try decode(readBytes())
    }

    /// Loads the file, or, when it does not exist yet (first run), writes `sample` there and
    /// returns it. Any other failure is a load failure.
    ///
    /// - Complexity: O(size of the file).
    public mutating func loadOrCreate(from sample: RowsFile) throws(RowsFileError) -> RowsFile {
        let bytes: Result<[UInt8], FileSystemError>
        do throws(FileSystemError) {
            bytes = .success(try fileSystem.readFile(at: path))
        } catch where error.isNotFound {
            do throws(FileSystemError) {
                try AtomicFileWriter.write(CollectionOfOne(sample.encoded()), to: path, fileSystem: fileSystem)
            } catch {
                throw failLoading(RowsFileError(file: path, position: nil, reason: .unreadable("cannot create it: \(error.message)")))
            }
            state = .loaded
            return sample
        } catch {
            bytes = .failure(error)
        }
        return try decode(bytes)
    }

    private func readBytes() -> Result<[UInt8], FileSystemError> {
        do throws(FileSystemError) {
            return .success(try fileSystem.readFile(at: path))
        } catch {
            return .failure(error)
        }
    }

    /// Decodes what was read, recording success or failure in ``state``.
    private mutating func decode(_ bytes: Result<[UInt8], FileSystemError>) throws(RowsFileError) -> RowsFile {
        switch bytes {
        case .failure(let error):
            throw failLoading(RowsFileError(file: path, position: nil, reason: .unreadable(error.message)))
        case .success(let contents):
            do throws(RowsFileError) {
                let file = try RowsFile.decode(contents, file: path)
                state = .loaded
                return file
            } catch {
                throw failLoading(error)
            }
        }
    }

    private mutating func failLoading(_ error: RowsFileError) -> RowsFileError {
        state = .loadFailed(error)
        return error
    }

    /// Writes `file` atomically.
    ///
    /// - Throws: ``SaveError``; the file on disk is then unchanged.
    /// - Complexity: O(size of the file).
    public func save(_ file: RowsFile) throws(SaveError) {
        switch state {
        case .notLoaded: throw .notLoaded(path: path)
        case .loadFailed(let error): throw .refusingToOverwriteUnreadableFile(error)
        case .loaded: break
        }
        do throws(FileSystemError) {
            try AtomicFileWriter.write(CollectionOfOne(file.encoded()), to: path, fileSystem: fileSystem)
        } catch {
            throw .fileSystem(error)
        }
    }
}
