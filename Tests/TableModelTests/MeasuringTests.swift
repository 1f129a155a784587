import Testing
@testable import TableModel

@Suite struct MeasuringTests {
    let measurer = FixedAdvanceMeasurer(advance: 8, lineHeight: 16)
    let font = FontDescription()

    func size(_ text: String, _ width: Double?, _ wrap: WrapMode, markup: Bool = false) -> Size {
        measurer.measure(text, font: font, maxWidth: width, wrap: wrap, isMarkup: markup)
    }

    @Test func emptyTextIsOneLine() {
        #expect(size("", 80, .wordChar) == Size(width: 0, height: 16))
    }

    @Test func hardNewlinesStartLines() {
        #expect(size("ab\ncdef\n", nil, .none) == Size(width: 32, height: 48))
        #expect(size("ab\ncdef\n", 800, .wordChar) == Size(width: 32, height: 48))
    }

    @Test func wordWrapBreaksBetweenWords() {
        // 10 characters per line: "hello" / "world" / "again"; "hello world" is 11.
        #expect(size("hello world again", 80, .word) == Size(width: 40, height: 48))
        #expect(size("ab cd ef gh", 80, .word) == Size(width: 64, height: 32))
    }

    @Test func charWrapBreaksAnywhere() {
        #expect(size(String(repeating: "x", count: 25), 80, .char) == Size(width: 80, height: 48))
    }

    @Test func longWordOverflowsInWordModeAndBreaksInWordCharMode() {
        let word = String(repeating: "w", count: 16)
        #expect(size(word, 80, .word) == Size(width: 128, height: 16))
        #expect(size(word, 80, .wordChar) == Size(width: 80, height: 32))
        #expect(size("ab " + word, 80, .wordChar) == Size(width: 80, height: 48))
    }

    @Test func noWrapIgnoresTheWidth() {
        #expect(size("hello world again", 80, .none) == Size(width: 136, height: 16))
    }

    @Test func graphemeClustersCountOnce() {
        #expect(size("नमस्ते", nil, .none).width == Double("नमस्ते".count) * 8)
        #expect(size("привет", nil, .none).width == 48)
    }

    @Test func markupIsMeasuredAsTheTextItShows() {
        #expect(size("<b>bold</b> &amp; <i>it</i>", nil, .none, markup: true) == size("bold & it", nil, .none))
    }

    @Test func wrappedWidthNeverExceedsTheLimitAndMoreWidthNeverAddsLines() {
        let seed = TestSeed.make()
        var random = SplitMix64(seed: seed)
        let words = ["a", "bb", "ccc", "dddddd", "eeeeeeeeeeeeeeeeeeee", "\n"]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...30, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            let width = Double(Int.random(in: 1...40, using: &random)) * 8
            for wrap in [WrapMode.char, .wordChar] {
                let narrow = size(text, width, wrap)
                let wide = size(text, width + 80, wrap)
                #expect(narrow.width <= width, "seed \(seed): \(wrap) \(text.debugDescription) at \(width)")
                #expect(wide.height <= narrow.height, "seed \(seed): \(wrap) \(text.debugDescription) at \(width)")
                #expect(narrow.height.truncatingRemainder(dividingBy: 16) == 0, "seed \(seed)")
            }
        }
    }
}
