import Glibc

/// The real ``FileSystem``, straight onto POSIX calls. Interrupted calls are retried.
public struct PosixFileSystem: FileSystem, Sendable {
    /// - Complexity: O(1).
    public init() {}

    private func failure(_ operation: String, _ path: String) -> FileSystemError {
        let code = errno
        return FileSystemError(operation: operation, path: path, code: code, message: String(cString: strerror(code)))
    }

    /// - Complexity: O(size of the file).
    public func readFile(at path: String) throws(FileSystemError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open", path) }
        defer { _ = Glibc.close(descriptor) }
        var contents: [UInt8] = []
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 { contents.reserveCapacity(Int(status.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("read", path)
            }
            if count == 0 { return contents }
            contents.append(contentsOf: chunk[0..<count])
        }
    }

    /// - Complexity: O(1).
    public func openForWriting(at path: String) throws(FileSystemError) -> FileHandleID {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("open", path) }
        return FileHandleID(rawValue: descriptor)
    }

    /// - Complexity: O(bytes).
    public func write(_ bytes: [UInt8], to file: FileHandleID) throws(FileSystemError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(file.rawValue, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("write", "fd \(file.rawValue)")
            }
            written += count
        }
    }

    /// - Complexity: O(dirty data), done by the kernel.
    public func synchronize(_ file: FileHandleID) throws(FileSystemError) {
        guard fsync(file.rawValue) == 0 else { throw failure("fsync", "fd \(file.rawValue)") }
    }

    /// - Complexity: O(1).
    public func close(_ file: FileHandleID) throws(FileSystemError) {
        guard Glibc.close(file.rawValue) == 0 else { throw failure("close", "fd \(file.rawValue)") }
    }

    /// - Complexity: O(1).
    public func rename(_ source: String, to destination: String) throws(FileSystemError) {
        guard Glibc.rename(source, destination) == 0 else { throw failure("rename", "\(source) → \(destination)") }
    }

    /// - Complexity: O(1).
    public func synchronizeDirectory(at path: String) throws(FileSystemError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open", path) }
        defer { _ = Glibc.close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("fsync", path) }
    }

    /// - Complexity: O(1).
    public func removeFile(at path: String) throws(FileSystemError) {
        guard unlink(path) == 0 else { throw failure("unlink", path) }
    }
}
