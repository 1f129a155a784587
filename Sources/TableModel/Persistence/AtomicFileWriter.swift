/// Replaces a file so that, whatever instant the process dies or the power fails, the path
/// holds either the complete old contents or the complete new ones (W6).
///
/// Steps: write a temporary file in the same folder, `fsync` it, close it, `rename` it over
/// the target, `fsync` the folder. The temporary name is fixed per target
/// (`.<name>.saving`), so a crash leaves at most one stray file, which the next save reuses.
public enum AtomicFileWriter {
    /// The temporary file a save of `path` writes first.
    ///
    /// - Complexity: O(length of the path).
    public static func temporaryPath(for path: String) -> String {
        let (folder, name) = split(path)
        return folder + "/." + name + ".saving"
    }

    /// Writes `chunks` in order to `path`, atomically.
    ///
    /// On failure the temporary file is removed (best effort) and the target is untouched.
    /// - Complexity: O(total bytes).
    public static func write(_ chunks: some Sequence<[UInt8]>, to path: String, fileSystem: some FileSystem) throws(FileSystemError) {
        let temporary = temporaryPath(for: path)
        // Every failure names `path`, the file the caller asked for, never the temporary one.
        let file: FileHandleID
        do throws(FileSystemError) {
            file = try fileSystem.openForWriting(at: temporary)
        } catch {
            throw error.about(path)
        }
        do throws(FileSystemError) {
            for chunk in chunks { try fileSystem.write(chunk, to: file) }
            try fileSystem.synchronize(file)
        } catch {
            try? fileSystem.close(file)
            try? fileSystem.removeFile(at: temporary)
            throw error.about(path)
        }
        do throws(FileSystemError) {
            try fileSystem.close(file)
            try fileSystem.rename(temporary, to: path)
        } catch {
            try? fileSystem.removeFile(at: temporary)
            throw error.about(path)
        }
        do throws(FileSystemError) {
            try fileSystem.synchronizeDirectory(at: split(path).folder)
        } catch {
            throw error.about(path)
        }
    }

    /// The folder (`.` when there is none) and the last path component.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = path[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(path[path.index(after: slash)...]))
    }
}
