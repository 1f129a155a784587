import SQLiteStore
import TableModel

/// JSON as the interchange format (D1): importing a rows file into a database and exporting
/// a database back to a rows file. A source file is only ever read.
public enum RowsJSON {
    /// Reads and validates a rows file.
    ///
    /// - Throws: ``RowStoreError/json(_:)`` with file, line and column for bad content, or
    ///   ``RowStoreError/file(_:)`` when it cannot be read.
    /// - Complexity: O(size of the file).
    public static func read(_ path: String) throws(RowStoreError) -> RowsFile {
        let bytes: [UInt8]
        do throws(FileSystemError) {
            bytes = try PosixFileSystem().readFile(at: path)
        } catch {
            throw .file(error)
        }
        do throws(RowsFileError) {
            return try RowsFile.decode(bytes, file: path)
        } catch {
            throw .json(error)
        }
    }

    /// Imports the rows file at `jsonPath` into a new database at `databasePath`, which must
    /// not exist yet.
    ///
    /// - Complexity: O(size of the file).
    public static func importFile(_ jsonPath: String, into databasePath: String) throws(RowStoreError) -> RowDatabase {
        let file = try read(jsonPath)
        do throws(SQLiteError) {
            return try RowDatabase.create(path: databasePath, importing: file)
        } catch {
            throw .database(error)
        }
    }

    /// Writes every row of `database` to `jsonPath` (atomically: a temporary file, then a
    /// rename), unknown fields included.
    ///
    /// - Complexity: O(size of the rows).
    public static func export(_ database: RowDatabase, to jsonPath: String) throws(RowStoreError) {
        let file: RowsFile
        do throws(SQLiteError) {
            file = try database.load()
        } catch {
            throw .database(error)
        }
        try write(file, to: jsonPath)
    }

    /// Writes `file` to `jsonPath` atomically.
    ///
    /// - Complexity: O(size of the rows).
    public static func write(_ file: RowsFile, to jsonPath: String) throws(RowStoreError) {
        do throws(FileSystemError) {
            try AtomicFileWriter.write(CollectionOfOne(file.encoded()), to: jsonPath, fileSystem: PosixFileSystem())
        } catch {
            throw .file(error)
        }
    }
}
