/// What a benchmark run does, chosen by name on the command line (`--bench-script NAME`).
public struct BenchmarkScript: Sendable, Equatable {
    public let name: String
    /// Frames of scripted scrolling, and px scrolled per frame.
    public var scrollFrames = 0
    public var scrollStep = 300.0
    /// Programmatic steps of the scrollbar's adjustment, top to bottom, one per frame.
    public var dragSteps = 0
    /// Whether to grow a row above the viewport and measure how far the top row moves.
    public var measuresJump = false
    /// Key presses the driver sends once the run reports it is ready for typing (0: no typing).
    public var typingKeys = 0
    /// Frames to wait after a programmatic scroll before measuring (rows load and settle).
    public var settleFrames = 30
    /// What the note typed into holds when typing starts.
    public var typingNote = TypingNote.asFound
    /// Whether the caret is put in the note by a real click from the driver (timed from the
    /// press to the end of the frame that shows the caret) rather than programmatically at
    /// the note's end.
    public var clicksToType = false
    /// Whether to select every row and delete them in one batch (E4), from the middle of the
    /// table, then undo it: the frames' main-thread work and how soon the table is empty.
    public var deletesAll = false
    /// Queries typed into the program's find or filter entry, each in turn, `findRounds`
    /// times: each is timed from setting the entry's text to the end of the first frame that
    /// paints its filtered rows, then the entry is cleared (untimed) before the next.
    public var findQueries: [String] = []
    public var findRounds = 0
    /// Keys (xdotool names) the driver presses once a row in the middle of the table has the
    /// focus: Ctrl+N (a new row after it) and Alt+Down (the focused row one place down), each
    /// timed from the press to the end of the frame that shows it (E1, E2).
    public var editKeys: [String] = []

    /// The create-and-move runs' keys: `count` Ctrl+N, then `count` Alt+Down.
    public static func createMoveKeys(_ count: Int) -> [String] {
        Array(repeating: "ctrl+n", count: count) + Array(repeating: "alt+Down", count: count)
    }

    /// The text of the note typed into.
    public enum TypingNote: Sendable, Equatable {
        /// The first expanded note's own text.
        case asFound
        /// That note's text replaced by ``BenchmarkScript/oneLineNote``.
        case oneLine
        /// That note's text replaced by a manual page of about this many bytes
        /// (``BenchmarkScript/manualPage(bytes:)``).
        case manualPage(bytes: Int)

        /// The replacement text, or nil to keep the note's own.
        public var replacement: String? {
            switch self {
            case .asFound: nil
            case .oneLine: BenchmarkScript.oneLineNote
            case .manualPage(let bytes): BenchmarkScript.manualPage(bytes: bytes)
            }
        }
    }

    /// Rows searched from the top for an expanded note to type into, in every program.
    public static let typingSearchLimit = 5_000
    /// Rows searched upwards for a note to grow in the jump measurement, in every program.
    public static let growSearchLimit = 200
    /// What the jump measurement appends to the row above the viewport, in every program:
    /// eight more lines.
    public static let grownText = String(repeating: "\nA line added above the viewport.", count: 8)

    /// The find runs' queries: about 0.3 % of the generated rows ("toggle 42": toggles are
    /// titled by their row number, so this is Toggle 42, 420…429, 4200…4299 and so on, the
    /// same rows as a word prefix and as a substring), about 14 % ("river", one of the
    /// generator's words, each in about one row in seven), and about 90 % ("everyday": the
    /// find runs' rows are generated with it in every note, toggle and grid, `--common-word`).
    public static let findQueries = ["toggle 42", "river", "everyday"]

    /// The text of the one-line note the note-length runs compare with.
    public static let oneLineNote = "A one-line note."

    /// A manual page as text, about `bytes` long (at least one line): lines of at most 80
    /// characters, each its own paragraph, indented as `man` prints them, in sections with
    /// blank lines between paragraphs. The same text on every call.
    ///
    /// - Complexity: O(bytes).
    public static func manualPage(bytes: Int) -> String {
        let words = ["the", "option", "file", "is", "read", "when", "given", "and", "each", "line", "of", "output",
                     "names", "a", "directory", "--recursive", "with", "its", "default", "value", "see", "below",
                     "if", "not", "set", "then", "/usr/share/doc", "environment", "variable", "must", "be", "exit",
                     "status", "zero", "on", "success", "otherwise", "an", "error", "message", "is", "printed"]
        var text = ""
        text.reserveCapacity(bytes + 100)
        var word = 0
        var line = 0
        while text.utf8.count < bytes {
            if line % 60 == 0 {
                text += "SECTION \(line / 60 + 1)\n"
            } else if line % 7 == 0 {
                text += "\n"
            } else {
                var current = line % 7 == 1 ? "       -\(words[word % words.count])" : "       "
                while current.utf8.count < 70 {
                    current += (current.hasSuffix(" ") ? "" : " ") + words[word % words.count]
                    word += 1
                }
                text += current + "\n"
            }
            line += 1
        }
        return text + "END OF MANUAL"
    }

    /// The scripts by name: `startup` (first frame only), `scroll` (scroll, scrollbar drag,
    /// jump), `typing`, `typing-one-line-note` and `typing-long-note` (a click puts the caret
    /// in a one-line note, or in a 1 MB manual page, then the keys are typed), `select-delete`
    /// (every row deleted in one batch, then undone), `find` (``findQueries`` typed into the
    /// find entry), `create-move` (``createMoveKeys(_:)``), and the quick smoke versions
    /// `smoke-scroll`, `smoke-typing`, `smoke-typing-long-note`, `smoke-select-delete`,
    /// `smoke-find` and `smoke-create-move`.
    public static func named(_ name: String) -> BenchmarkScript? {
        var script = BenchmarkScript(name: name)
        switch name {
        case "startup":
            script.settleFrames = 1
        case "scroll":
            script.scrollFrames = 300
            script.dragSteps = 80
            script.measuresJump = true
            script.settleFrames = 60
        case "typing":
            script.typingKeys = 50
        case "typing-one-line-note":
            script.typingKeys = 50
            script.typingNote = .oneLine
            script.clicksToType = true
        case "typing-long-note":
            script.typingKeys = 50
            script.typingNote = .manualPage(bytes: 1 << 20)
            script.clicksToType = true
        case "smoke-scroll":
            script.scrollFrames = 10
            script.dragSteps = 5
            script.measuresJump = true
            script.settleFrames = 5
        case "smoke-typing":
            script.typingKeys = 3
            script.settleFrames = 5
        case "select-delete":
            script.deletesAll = true
        case "smoke-select-delete":
            script.deletesAll = true
            script.settleFrames = 5
        case "find":
            script.findQueries = findQueries
            script.findRounds = 7
            script.settleFrames = 10
        case "smoke-find":
            script.findQueries = findQueries
            script.findRounds = 1
            script.settleFrames = 5
        case "create-move":
            script.editKeys = createMoveKeys(20)
        case "smoke-create-move":
            script.editKeys = createMoveKeys(3)
            script.settleFrames = 5
        case "smoke-typing-long-note":
            script.typingKeys = 3
            script.settleFrames = 5
            script.typingNote = .manualPage(bytes: 64 << 10)
            script.clicksToType = true
        default:
            return nil
        }
        return script
    }

    public static let names = [
        "startup", "scroll", "typing", "typing-one-line-note", "typing-long-note", "select-delete", "find", "create-move",
        "smoke-scroll", "smoke-typing", "smoke-typing-long-note", "smoke-select-delete", "smoke-find", "smoke-create-move",
    ]
}
