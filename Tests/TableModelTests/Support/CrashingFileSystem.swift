@testable import TableModel

/// A ``FileSystem`` that forwards to the real one and "crashes" at a chosen step: that call
/// fails (a write first writes half its bytes, as a torn write would), and every later call
/// fails too, as if the process had died. Nothing is cleaned up after the crash.
final class CrashingFileSystem: FileSystem {
    private let real = PosixFileSystem()
    private let crashStep: Int
    private(set) var steps: [String] = []
    private var crashed = false

    init(crashAtStep crashStep: Int) {
        self.crashStep = crashStep
    }

    private func step(_ name: String) throws(FileSystemError) {
        if crashed { throw FileSystemError(operation: name, path: "", code: 0, message: "process is dead") }
        steps.append(name)
        if steps.count == crashStep {
            crashed = true
            throw FileSystemError(operation: name, path: "", code: 0, message: "simulated crash")
        }
    }

    func readFile(at path: String) throws(FileSystemError) -> [UInt8] {
        try step("read")
        return try real.readFile(at: path)
    }

    func openForWriting(at path: String) throws(FileSystemError) -> FileHandleID {
        try step("open")
        return try real.openForWriting(at: path)
    }

    func write(_ bytes: [UInt8], to file: FileHandleID) throws(FileSystemError) {
        do throws(FileSystemError) {
            try step("write")
        } catch {
            if steps.count == crashStep { try? real.write(Array(bytes.prefix(bytes.count / 2)), to: file) }
            throw error
        }
        try real.write(bytes, to: file)
    }

    func synchronize(_ file: FileHandleID) throws(FileSystemError) {
        try step("fsync")
        try real.synchronize(file)
    }

    func close(_ file: FileHandleID) throws(FileSystemError) {
        try step("close")
        try real.close(file)
    }

    func rename(_ source: String, to destination: String) throws(FileSystemError) {
        try step("rename")
        try real.rename(source, to: destination)
    }

    func synchronizeDirectory(at path: String) throws(FileSystemError) {
        try step("fsync folder")
        try real.synchronizeDirectory(at: path)
    }

    func removeFile(at path: String) throws(FileSystemError) {
        try step("remove")
        try real.removeFile(at: path)
    }
}
