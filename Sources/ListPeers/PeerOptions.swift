import BenchSupport

/// The command line of `ListPeers`. Unknown options are an error.
struct PeerOptions: Sendable {
    /// Which GTK list widget shows the rows.
    enum Widget: String, Sendable { case listview, listbox }
    /// What shows a row's text.
    enum RowText: String, Sendable { case label, textview }

    var widget = Widget.listview
    var rowText = RowText.label
    var dataPath = ""
    var width: Int32 = 480
    var height: Int32 = 720
    var benchScript: BenchmarkScript?
    var benchOutputPath: String?

    static let usage = """
        Usage: ListPeers --widget listview|listbox [--row label|textview] --data PATH
                         [--size WIDTHxHEIGHT] [--bench-script NAME --bench-output PATH]
        """

    struct Error: Swift.Error, CustomStringConvertible {
        let description: String
    }

    /// - Complexity: O(number of arguments).
    static func parse(_ arguments: [String]) throws(Error) -> PeerOptions {
        var options = PeerOptions()
        var rest = arguments.dropFirst()[...]
        func value(for option: String) throws(Error) -> String {
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw Error(description: "\(option) needs a value.\n\(usage)")
            }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--widget":
                let text = try value(for: argument)
                guard let widget = Widget(rawValue: text) else { throw Error(description: "Unknown widget \"\(text)\".\n\(usage)") }
                options.widget = widget
            case "--row":
                let text = try value(for: argument)
                guard let row = RowText(rawValue: text) else { throw Error(description: "Unknown row \"\(text)\".\n\(usage)") }
                options.rowText = row
            case "--data": options.dataPath = try value(for: argument)
            case "--size":
                let text = try value(for: argument)
                let parts = text.split(separator: "x").compactMap { Int32($0) }
                guard parts.count == 2, parts.allSatisfy({ (100...10_000).contains($0) }) else {
                    throw Error(description: "--size wants WIDTHxHEIGHT between 100 and 10000, got \"\(text)\".")
                }
                (options.width, options.height) = (parts[0], parts[1])
            case "--bench-script":
                let name = try value(for: argument)
                guard let script = BenchmarkScript.named(name) else {
                    throw Error(description: "Unknown benchmark script \"\(name)\"; one of \(BenchmarkScript.names.joined(separator: ", ")).")
                }
                options.benchScript = script
            case "--bench-output": options.benchOutputPath = try value(for: argument)
            case "--help", "-h": throw Error(description: usage)
            default: throw Error(description: "Unknown option \"\(argument)\".\n\(usage)")
            }
        }
        guard !options.dataPath.isEmpty else { throw Error(description: "--data is required.\n\(usage)") }
        guard (options.benchScript == nil) == (options.benchOutputPath == nil) else {
            throw Error(description: "--bench-script and --bench-output go together.\n\(usage)")
        }
        return options
    }
}
