import Foundation
import RowStore

/// Opens the rows document (``RowsDocument/open(options:)``: the database, its outline and
/// the height index) on a thread of its own from the moment the app starts, while GTK starts
/// up on the main thread; at a million rows that O(n) work then mostly overlaps GTK's own
/// start-up. The window takes the result when it needs it, waiting if it is not ready yet.
///
/// Sendable by hand-over: the opening thread writes the result once, before it signals;
/// ``take()`` reads it only after that signal, and after it only the main thread uses the
/// document.
final class RowsDocumentOpening: @unchecked Sendable {
    private var result: Result<RowsDocument, RowStoreError>?
    private let finished = DispatchSemaphore(value: 0)

    /// Starts opening at once. A launch that hands over to a running instance exits without
    /// waiting for it; the thread only reads the database.
    init(options: LaunchOptions) {
        let thread = Thread { [self] in
            do throws(RowStoreError) {
                result = .success(try RowsDocument.open(options: options))
            } catch {
                result = .failure(error)
            }
            finished.signal()
        }
        thread.name = "rows-opening"
        thread.start()
    }

    /// The opened document, or why it could not be opened; waits for the thread. The one
    /// window takes it once.
    ///
    /// - Complexity: O(1) once the thread is done.
    func take() throws(RowStoreError) -> RowsDocument {
        finished.wait()
        guard let result else { preconditionFailure("the opening thread signals only after storing its result") }
        self.result = nil
        return try result.get()
    }
}
