import Testing
@testable import TableModel

/// Typing in a long note re-measures only the paragraphs the edit reached into, and the note's
/// height always equals a fresh measurement of its whole text (the reference).
@Suite struct NoteParagraphHeightsTests {
    static let reference = FixedAdvanceMeasurer(advance: 8, lineHeight: 16)

    /// A long note of `paragraphs` paragraphs of varied lengths (some empty, some wrapping).
    static func longNote(paragraphs: Int, random: inout SplitMix64) -> String {
        (0..<paragraphs).map { _ in
            let words = Int(random.next() % 14)
            return (0..<words).map { _ in String(repeating: "w", count: 1 + Int(random.next() % 9)) }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// One random edit, as typing, pasting and deleting make: an insertion (a character, a
    /// newline, a pasted run with newlines), a deletion, or a replacement, anywhere.
    static func edit(_ text: String, random: inout SplitMix64) -> String {
        var scalars = Array(text.unicodeScalars)
        let at = Int(random.next() % UInt64(scalars.count + 1))
        let inserts: [String] = ["a", " ", "\n", "й", "\n\n", "pasted words\nover two", ""]
        let removed = random.next() % 3 == 0 ? min(scalars.count - at, Int(random.next() % 40)) : 0
        scalars.replaceSubrange(at..<at + removed, with: inserts[Int(random.next() % UInt64(inserts.count))].unicodeScalars)
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    @Test func randomEditsKeepTheHeightOfAFreshMeasurement() {
        let seed = TestSeed.make()
        var random = SplitMix64(seed: seed)
        let width = 200.0
        let font = FontDescription(family: "Sans", size: 12)
        let measure = { (paragraphs: Substring) in
            Self.reference.paragraphHeights(TextMeasureRequest(text: String(paragraphs), font: font, maxWidth: width, wrap: .wordChar))
        }
        var text = Self.longNote(paragraphs: 200, random: &random)
        var heights = NoteParagraphHeights(text: text, measure: measure)
        for step in 0..<2_000 {
            text = Self.edit(text, random: &random)
            heights.update(to: text, measure: measure)
            let fresh = Self.reference.measure(text, font: font, maxWidth: width, wrap: .wordChar).height
            guard heights.total == fresh, heights.text == text else {
                Issue.record("seed \(seed) (TABLE_SEED=\(seed)), step \(step): \(heights.total) px, a fresh measure \(fresh) px")
                return
            }
        }
    }

    @Test func typingInALongNoteMeasuresOnlyTheParagraphTyped() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        var random = SplitMix64(seed: 19)
        let long = Self.longNote(paragraphs: 5_000, random: &random)
        _ = try table.setText(long, for: RowID(4))
        try fixture.measureAll()
        let lines = long.split(separator: "\n", omittingEmptySubsequences: false)
        let typedInto = String(lines[2_500])
        var typed = lines
        typed[2_500] += "x"
        fixture.measurer.reset()
        let text = typed.joined(separator: "\n")
        _ = try table.setText(text, for: RowID(4))
        // Only the paragraph typed into was measured again, not the 5,000 of the note.
        #expect(fixture.measurer.requests == [typedInto + "x": 1])
        let fresh = Self.reference.measure(text, font: table.metrics.note.font,
                                           maxWidth: table.metrics.note.textWidth(forRowWidth: table.width), wrap: .wordChar).height
        #expect(try table.noteLayout(for: RowID(4)).contentHeight == fresh)
        table._checkInvariants()
    }

    /// A paragraph's top is the height of the text before it, as a fresh measure of that text
    /// gives it (the text view places its lines there).
    @Test func aParagraphStartsWhereTheTextBeforeItEnds() throws {
        let fixture = try TableFixture()
        let table = fixture.table
        var random = SplitMix64(seed: 4)
        let long = Self.longNote(paragraphs: 300, random: &random)
        _ = try table.setText(long, for: RowID(4))
        try fixture.measureAll()
        let lines = long.split(separator: "\n", omittingEmptySubsequences: false)
        let font = table.metrics.note.font
        let width = table.metrics.note.textWidth(forRowWidth: table.width)
        for paragraph in [0, 1, 150, 299] {
            let before = lines[..<paragraph].map { $0 + "\n" }.joined()
            let expected = paragraph == 0 ? 0 : Self.reference.measure(String(before.dropLast()), font: font, maxWidth: width, wrap: .wordChar).height
            #expect(table.noteParagraphTop(paragraph, in: RowID(4)) == expected, "paragraph \(paragraph)")
        }
        #expect(table.noteParagraphTop(300, in: RowID(4)) == nil)
    }
}
