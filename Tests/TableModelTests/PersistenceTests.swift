import Testing
@testable import TableModel

@Suite struct PersistenceTests {
    static let old = RowsFile(rows: [Row(id: RowID(1), content: .note(text: "old", expanded: false))])
    static let new = RowsFile(rows: [Row(id: RowID(1), content: .note(text: "new text", expanded: true)),
                                     Row(id: RowID(2), content: .toggle(title: "t", open: false))])

    @Test func atomicSaveStepsAreInOrder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fileSystem = CrashingFileSystem(crashAtStep: .max)
        try AtomicFileWriter.write([[1, 2], [3]], to: folder.file("rows.json"), fileSystem: fileSystem)
        #expect(fileSystem.steps == ["open", "write", "write", "fsync", "close", "rename", "fsync folder"])
        #expect(try folder.read("rows.json") == [1, 2, 3])
        #expect(try folder.contents() == ["rows.json"])
    }

    @Test(arguments: 1...7)
    func aCrashAtAnyStepLeavesACompleteFile(step: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("rows.json")
        try folder.write(Self.old.encoded(), to: "rows.json")
        let fileSystem = CrashingFileSystem(crashAtStep: step)
        // Two chunks, so step 2 tears the first write and step 3 the second.
        let bytes = Self.new.encoded()
        let chunks = [Array(bytes.prefix(10)), Array(bytes.dropFirst(10))]
        #expect(throws: FileSystemError.self) { try AtomicFileWriter.write(chunks, to: path, fileSystem: fileSystem) }

        let survivor = try RowsFile.decode(folder.read("rows.json"), file: path)
        if step <= 6 {
            // Everything before and including a failed rename leaves the old file.
            #expect(survivor == Self.old, "crash at \(fileSystem.steps.last ?? "?")")
        } else {
            // The rename happened; only the folder's fsync was lost.
            #expect(survivor == Self.new, "crash at \(fileSystem.steps.last ?? "?")")
        }
        // The next save succeeds and replaces any stray temporary file.
        try AtomicFileWriter.write([bytes], to: path, fileSystem: PosixFileSystem())
        #expect(try RowsFile.decode(folder.read("rows.json"), file: path) == Self.new)
        #expect(try folder.contents() == ["rows.json"])
    }

    @Test func aFailedSaveRemovesItsTemporaryFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fileSystem = FailingOnce(failing: "fsync")
        #expect(throws: FileSystemError.self) { try AtomicFileWriter.write([[1]], to: folder.file("rows.json"), fileSystem: fileSystem) }
        #expect(try folder.contents() == [])
    }

    @Test func saveSchedulerDebouncesAndCapsTheDelay() {
        var scheduler = SaveScheduler()
        #expect(!scheduler.hasUnsavedChanges && scheduler.deadline == nil && !scheduler.isDue(at: 100))
        let debounce = SaveScheduler.debounceInterval
        scheduler.noteChange(at: 10)
        #expect(scheduler.deadline == 10 + debounce)
        scheduler.noteChange(at: 10.1)
        #expect(!scheduler.isDue(at: 10.1 + debounce - 0.01) && scheduler.isDue(at: 10.1 + debounce))
        // Typing without pause: the save still happens within the maximum delay, under a second (W6).
        for tick in 0..<100 { scheduler.noteChange(at: 10.1 + Double(tick) * 0.1) }
        #expect(scheduler.deadline == 10 + SaveScheduler.maximumDelay)
        #expect(SaveScheduler.maximumDelay < 1)
        scheduler.didSave()
        #expect(!scheduler.hasUnsavedChanges && scheduler.deadline == nil)
    }
}

/// A real file system whose named operation fails once, like a full disk.
final class FailingOnce: FileSystem {
    private let real = PosixFileSystem()
    private var failing: String?

    init(failing: String) { self.failing = failing }

    private func check(_ name: String) throws(FileSystemError) {
        if failing == name {
            failing = nil
            throw FileSystemError(operation: name, path: "", code: 28, message: "No space left on device")
        }
    }

    func readFile(at path: String) throws(FileSystemError) -> [UInt8] { try check("read"); return try real.readFile(at: path) }
    func openForWriting(at path: String) throws(FileSystemError) -> FileHandleID { try check("open"); return try real.openForWriting(at: path) }
    func write(_ bytes: [UInt8], to file: FileHandleID) throws(FileSystemError) { try check("write"); try real.write(bytes, to: file) }
    func synchronize(_ file: FileHandleID) throws(FileSystemError) { try check("fsync"); try real.synchronize(file) }
    func close(_ file: FileHandleID) throws(FileSystemError) { try check("close"); try real.close(file) }
    func rename(_ source: String, to destination: String) throws(FileSystemError) { try check("rename"); try real.rename(source, to: destination) }
    func synchronizeDirectory(at path: String) throws(FileSystemError) { try check("fsync folder"); try real.synchronizeDirectory(at: path) }
    func removeFile(at path: String) throws(FileSystemError) { try check("remove"); try real.removeFile(at: path) }
}
