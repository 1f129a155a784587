import Foundation

// A file-size limit then makes a write fail with EFBIG, which the store reports, instead of
// killing the app before it can say so.
signal(SIGXFSZ, SIG_IGN)

let options: LaunchOptions
do {
    options = try LaunchOptions.parse(CommandLine.arguments)
} catch {
    FileHandle.standardError.write(Data("\(error.description)\n".utf8))
    exit(2)
}
if options.printsRowCSS {
    print(RowFontClasses.css, terminator: "")
    exit(0)
}
if let status = JSONTransfer.run(options) { exit(status) }
exit(DemoApplication(options: options).run())
