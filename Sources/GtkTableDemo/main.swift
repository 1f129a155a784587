import Foundation

// A file-size limit then makes a write fail with EFBIG, which the store reports, instead of
// killing the app before it can say so.
signal(SIGXFSZ, SIG_IGN)
// WebKit's JavaScriptCore suspends threads for garbage collection with SIGUSR1 unless told
// otherwise, and would take over the handler the full-redraw check listens on (web rows).
setenv("JSC_SIGNAL_FOR_GC", String(SIGPWR), 0)

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
Localization.start()
exit(DemoApplication(options: options).run())
