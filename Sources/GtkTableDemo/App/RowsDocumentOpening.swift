import Foundation
import RowStore

/// Opens the rows document (``RowsDocument/open(options:)``: the database, its outline and
/// the height index) on a thread of its own from the moment the app starts, while GTK starts
/// up on the main thread; at a million rows that O(n) work then mostly overlaps GTK's own
/// start-up. The window takes the result when it needs it, waiting if it is not ready yet.
/// When the outline did not come from a current snapshot, the thread then stores one.
///
/// Nothing is written (an import of the JSON file, a snapshot) before ``allowWriting()``: a
/// launch that hands over to a running instance exits without a window and without waiting
/// for the thread, so a file it began would be left behind half made.
///
/// Sendable by hand-over: the opening thread writes the result once, before it signals;
/// ``take()`` reads it only after that signal, and after it only the main thread uses the
/// document.
final class RowsDocumentOpening: @unchecked Sendable {
    private var result: Result<RowsDocument, RowStoreError>?
    private let finished = DispatchSemaphore(value: 0)
    private let writingAllowed = DispatchSemaphore(value: 0)

    /// Starts opening at once; an import or a snapshot waits for ``allowWriting()``.
    init(options: LaunchOptions) {
        let thread = Thread { [self] in
            var unsnapshotted: (read: OutlineRead, path: String)?
            // Waited for at most once, then passed on for any later wait.
            let mayWrite = { [writingAllowed] in
                writingAllowed.wait()
                writingAllowed.signal()
            }
            do throws(RowStoreError) {
                let opened = try RowsDocument.open(options: options, mayWrite: mayWrite)
                result = .success(opened.document)
                if let read = opened.unsnapshotted, let path = opened.document.databasePath { unsnapshotted = (read, path) }
            } catch {
                result = .failure(error)
            }
            finished.signal()
            // After the hand-over, through a connection of its own: the next start-up reads one blob.
            if let unsnapshotted {
                mayWrite()
                RowDatabase.storeOutlineSnapshot(unsnapshotted.read, at: unsnapshotted.path)
            }
        }
        thread.name = "rows-opening"
        thread.start()
    }

    /// This launch is the instance that shows the window (GApplication's `startup`): the
    /// thread may now import and store a snapshot.
    ///
    /// - Complexity: O(1).
    func allowWriting() {
        writingAllowed.signal()
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
