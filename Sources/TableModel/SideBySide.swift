import Dispatch

/// Runs `side` on a thread of the global queue while the calling thread runs `main`, and
/// returns once both have finished: two halves of one piece of work on two cores (a bulk
/// index build, a find query's two lanes).
///
/// The two closures must touch disjoint state (reading shared values neither writes is
/// fine); Swift cannot check that for closures that capture by reference, so the callers
/// keep it by construction.
public func runSideBySide(_ side: () -> Void, _ main: () -> Void) {
    withoutActuallyEscaping(side) { side in
        let work = BorrowedWork(run: side)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            work.run?()
            // Let go of the closure before saying so: it must not outlive this call.
            work.run = nil
            done.signal()
        }
        main()
        done.wait()
    }
}

/// A closure lent to another thread for the span of ``runSideBySide(_:_:)``: that thread
/// runs it and drops it, then signals; the lender waits for the signal before returning.
private final class BorrowedWork: @unchecked Sendable {
    var run: (() -> Void)?

    init(run: @escaping () -> Void) { self.run = run }
}
