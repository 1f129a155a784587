import Foundation

let options: LaunchOptions
do {
    options = try LaunchOptions.parse(CommandLine.arguments)
} catch {
    FileHandle.standardError.write(Data("\(error.description)\n".utf8))
    exit(2)
}
if let status = JSONTransfer.run(options) { exit(status) }
exit(DemoApplication(options: options).run())
