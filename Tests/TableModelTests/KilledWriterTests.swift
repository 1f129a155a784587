import Foundation
import Glibc
import Testing
@testable import TableModel

/// The `GenerateRows` tool built next to the test bundle; it writes through the same
/// ``AtomicFileWriter`` as a save does.
private let generateRows: String? = {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let path = folder.appendingPathComponent("GenerateRows").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}()

@Suite struct KilledWriterTests {
    /// Kills a real process with SIGKILL while it is writing a large file over an existing one:
    /// the existing file must be intact.
    @Test(.enabled(if: generateRows != nil, "GenerateRows is built alongside the tests"))
    func killingAWriterMidwayLeavesThePreviousFileIntact() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("rows.json")
        let previous = RowsFile(rows: RowsGenerator(seed: 1).rows(count: 50)).encoded()
        try folder.write(previous, to: "rows.json")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: generateRows!)
        process.arguments = ["--rows", "5000000", "--seed", "2", "--output", path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let temporary = AtomicFileWriter.temporaryPath(for: path)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let size = (try? FileManager.default.attributesOfItem(atPath: temporary)[.size] as? Int) ?? 0
            if size > 4 << 20 { break }
            usleep(5_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try folder.read("rows.json") == previous)
        #expect(FileManager.default.fileExists(atPath: temporary))
        // The next save replaces the stray temporary file and succeeds.
        try AtomicFileWriter.write([previous], to: path, fileSystem: PosixFileSystem())
        #expect(try folder.contents() == ["rows.json"])
    }
}
