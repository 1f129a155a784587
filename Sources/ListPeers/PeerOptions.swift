import BenchSupport

/// The command line of `ListPeers`. Unknown options are an error.
struct PeerOptions: Sendable {
    /// Which GTK list widget shows the rows.
    enum Widget: String, Sendable { case listview, listbox }
    /// What shows a row's text.
    enum RowText: String, Sendable { case label, textview }
    /// The GtkListView's model: a GtkStringList, or a GListStore of GtkStringObjects (the
    /// general list model, `g_list_store_splice`).
    enum Model: String, Sendable { case stringlist, liststore }

    var widget = Widget.listview
    var rowText = RowText.label
    var model = Model.stringlist
    var dataPath = ""
    var width: Int32 = 480
    var height: Int32 = 720
    /// CSS giving the rows our table's fonts (`GtkTableDemo --print-row-css`), if any.
    var rowCSSPath: String?
    /// Whether a GtkFilterListModel with a GtkStringFilter sits between the model and the
    /// list (`--filter`, GtkListView over a GListStore only): the find script's peer.
    var filters = false
    var benchScript: BenchmarkScript?
    var benchOutputPath: String?

    static let usage = """
        Usage: ListPeers --widget listview|listbox [--row label|textview] [--model stringlist|liststore] [--filter] --data PATH
                         [--row-css PATH] [--size WIDTHxHEIGHT] [--bench-script NAME --bench-output PATH]
        """

    /// - Complexity: O(number of arguments).
    static func parse(_ arguments: [String]) throws(OptionReader.Failure) -> PeerOptions {
        var options = PeerOptions()
        var reader = OptionReader(arguments, usage: usage)
        while let argument = reader.nextOption() {
            switch argument {
            case "--widget":
                let text = try reader.value(for: argument)
                guard let widget = Widget(rawValue: text) else { throw reader.failure("Unknown widget \"\(text)\".") }
                options.widget = widget
            case "--row":
                let text = try reader.value(for: argument)
                guard let row = RowText(rawValue: text) else { throw reader.failure("Unknown row \"\(text)\".") }
                options.rowText = row
            case "--model":
                let text = try reader.value(for: argument)
                guard let model = Model(rawValue: text) else { throw reader.failure("Unknown model \"\(text)\".") }
                options.model = model
            case "--filter": options.filters = true
            case "--data": options.dataPath = try reader.value(for: argument)
            case "--row-css": options.rowCSSPath = try reader.value(for: argument)
            case "--size": (options.width, options.height) = try reader.size(for: argument)
            case "--bench-script": options.benchScript = try reader.benchmarkScript(for: argument)
            case "--bench-output": options.benchOutputPath = try reader.value(for: argument)
            default: throw reader.unknown(argument)
            }
        }
        guard !options.dataPath.isEmpty else { throw reader.failure("--data is required.") }
        guard !options.filters || (options.widget == .listview && options.model == .liststore) else {
            throw reader.failure("--filter needs --widget listview --model liststore.")
        }
        try reader.checkBenchmark(script: options.benchScript, output: options.benchOutputPath)
        return options
    }
}
