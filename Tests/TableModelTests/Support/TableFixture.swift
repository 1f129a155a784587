@testable import TableModel

/// A small table: width 400 (notes wrap at 46 characters of 8 px, 16 px lines), chrome 54 px.
///
/// Rows: 1 header "Notes"; 2 short note; 3 five-line note; 4 long note (expanded);
/// 5 header "Heights"; 30, 31 toggles; 6 header "Grid"; 80 grid; 7 header "Rich"; 90 rich.
struct TableFixture {
    static let shortText = "Buy milk"
    static let fiveLines = "one\ntwo\nthree\nfour\nfive"
    static let longText = String(repeating: "lorem ipsum dolor sit amet ", count: 20)

    static let file = RowsFile(rows: [
        Row(id: RowID(1), content: .header(title: "Notes")),
        Row(id: RowID(2), content: .note(text: shortText, expanded: false)),
        Row(id: RowID(3), content: .note(text: fiveLines, expanded: false)),
        Row(id: RowID(4), content: .note(text: longText, expanded: true), flagged: true),
        Row(id: RowID(5), content: .header(title: "Heights")),
        Row(id: RowID(30), content: .toggle(title: "Thirty", open: false)),
        Row(id: RowID(31), content: .toggle(title: "Thirty-one", open: true)),
        Row(id: RowID(6), content: .header(title: "Grid")),
        Row(id: RowID(80), content: .grid(chips: ["Swift", "GTK 4", "Pango", String(repeating: "W", count: 80), "Cairo"])),
        Row(id: RowID(7), content: .header(title: "Rich")),
        Row(id: RowID(90), content: .rich(source: "rich/welcome.markup")),
    ], extraFields: [JSONMember(key: "app", value: .string("kept"))])

    let clock = ManualClock()
    let measurer = CountingMeasurer()
    let table: Table

    init(file: RowsFile = TableFixture.file, viewportHeight: Double = 300) throws {
        table = try Table(file: file, width: 400, viewportHeight: viewportHeight, measurer: measurer, clock: clock.reading)
    }

    /// Measures every row, as scrolling through the whole table would.
    func measureAll() throws {
        _ = try table.measure((0..<table.count).map { table.layout.id(at: $0) })
    }

    func order() -> [Int64] {
        (0..<table.count).map { table.layout.id(at: $0).rawValue }
    }
}
