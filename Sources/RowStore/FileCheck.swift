import Glibc
import SQLiteStore

/// Checks made on a database file before SQLite opens it, with plain file reads only, so a
/// file that cannot work is refused with a clear reason and never touched: empty, cut
/// short (its header promises more pages than it holds), or not writable (the file, or the
/// folder where SQLite must create its `-wal` and `-shm` files).
///
/// The header is read only while this process has no connection to the file
/// (``SQLiteConnection/isOpen(fileAt:)``): closing our descriptor would drop the locks of
/// those connections. The writer's connection opens after the reader's, and that header
/// read once let another program closing its own connection find the file unused, fold the
/// log into it and delete the `-wal` and `-shm` files: every later commit of the app then
/// went to a log no one else could see, lost if the app was killed.
enum FileCheck {
    /// - Throws: ``SQLiteError`` of kind `.notADatabase`, `.corrupt` or `.readOnly`.
    /// - Complexity: O(1): two `stat`s and, unless the file is open here, a 100-byte read.
    static func check(_ path: String) throws(SQLiteError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }  // SQLite says what is missing
        guard status.st_size > 0 else {
            throw SQLiteError(kind: .notADatabase, message: "the file is empty", path: path)
        }
        if access(path, R_OK | W_OK) != 0 {
            throw SQLiteError(kind: .readOnly, message: "the file is write-protected (\(String(cString: strerror(errno))))", path: path)
        }
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        if access(folder, W_OK) != 0 {
            throw SQLiteError(kind: .readOnly, message: "its folder \(folder) is write-protected, and SQLite must create its -wal and -shm files there", path: path)
        }
        guard !SQLiteConnection.isOpen(fileAt: path) else { return }
        if let expected = expectedSize(path), Int64(status.st_size) < expected, !hasWriteAheadLog(path) {
            throw SQLiteError(kind: .corrupt, message: "the file is \(status.st_size) bytes but its header says \(expected): it was cut short", path: path)
        }
    }

    /// The size the header promises (page size × in-header page count), when the header
    /// marks that count valid; nil for anything that is not an SQLite header.
    private static func expectedSize(_ path: String) -> Int64? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        guard read(descriptor, &header, 100) == 100, header.starts(with: Array("SQLite format 3\u{0}".utf8)) else { return nil }
        func number(at offset: Int, bytes: Int) -> Int64 {
            header[offset..<offset + bytes].reduce(0) { $0 << 8 | Int64($1) }
        }
        let rawPageSize = number(at: 16, bytes: 2)
        let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        let pages = number(at: 28, bytes: 4)
        guard pages > 0, number(at: 24, bytes: 4) == number(at: 92, bytes: 4) else { return nil }
        return pageSize * pages
    }

    /// Whether a non-empty `-wal` file lies beside `path` (pages may then live there).
    private static func hasWriteAheadLog(_ path: String) -> Bool {
        var status = stat()
        return stat(path + "-wal", &status) == 0 && status.st_size > 0
    }
}
