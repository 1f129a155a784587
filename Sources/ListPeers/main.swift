// GTK's own list widgets on the rows our table shows, for `make bench`:
//   ListPeers --widget listview|listbox [--row label|textview] --data DATABASE [--row-css PATH]
//             [--bench-script NAME --bench-output PATH]
import Foundation

let options: PeerOptions
do {
    options = try PeerOptions.parse(CommandLine.arguments)
} catch {
    FileHandle.standardError.write(Data("\(error.description)\n".utf8))
    exit(2)
}
exit(PeerApplication(options: options).run())
