import SQLiteStore
import TableModel

extension RowDatabase {
    /// ``open(path:)`` for callers that handle every store failure as a ``RowStoreError``.
    ///
    /// - Complexity: that of ``open(path:)``.
    public static func openRows(at path: String, busyTimeoutMilliseconds: Int32 = 5000) throws(RowStoreError) -> RowDatabase {
        do throws(SQLiteError) {
            return try open(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        } catch {
            throw .database(error)
        }
    }

    /// ``foldMarkSteps()``, failing with a ``RowStoreError``.
    ///
    /// - Complexity: that of ``foldMarkSteps()``.
    public func foldLeftoverMarkSteps() throws(RowStoreError) {
        do throws(SQLiteError) {
            try foldMarkSteps()
        } catch {
            throw .database(error)
        }
    }

    /// ``load()``, failing with a ``RowStoreError``.
    ///
    /// - Complexity: O(n) for n rows.
    public func loadRows() throws(RowStoreError) -> RowsFile {
        do throws(SQLiteError) {
            return try load()
        } catch {
            throw .database(error)
        }
    }

    /// ``readOutline()``, failing with a ``RowStoreError``.
    ///
    /// - Complexity: O(n) for n rows.
    public func loadOutline(usingSnapshot: Bool = true) throws(RowStoreError) -> OutlineRead {
        do throws(SQLiteError) {
            return try readOutline(usingSnapshot: usingSnapshot)
        } catch {
            throw .database(error)
        }
    }
}
