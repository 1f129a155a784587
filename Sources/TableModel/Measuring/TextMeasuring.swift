/// Answers "how large is this text?" for the model (T4).
///
/// The GTK app implements it with Pango; tests use ``FixedAdvanceMeasurer``. Implementations
/// must be pure: the same request always gives the same size, so the model may cache answers.
///
/// Contract: the returned size is valid (finite, not negative); its width does not exceed
/// `maxWidth` unless the wrap mode lets a word overflow (``WrapMode/none`` and
/// ``WrapMode/word``); empty text is one line tall.
public protocol TextMeasuring {
    /// - Complexity: implementation-defined; typically O(length of the text).
    func measure(_ request: TextMeasureRequest) -> Size

    /// The height of each paragraph (run between newlines) of plain text, in order, laid out
    /// alone as `request` says; `measure(request).height` is their sum. The model keeps a
    /// note's heights per paragraph, so an edit re-measures only the paragraphs it changed.
    ///
    /// - Complexity: implementation-defined; typically O(length of the text).
    func paragraphHeights(_ request: TextMeasureRequest) -> [Double]
}

extension TextMeasuring {
    /// Measures each paragraph with ``measure(_:)``.
    ///
    /// - Complexity: that of ``measure(_:)`` over the whole text.
    public func paragraphHeights(_ request: TextMeasureRequest) -> [Double] {
        request.text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            var alone = request
            alone.text = String(paragraph)
            return measure(alone).height
        }
    }

    /// Measures plain or markup text.
    ///
    /// - Complexity: that of ``measure(_:)``.
    public func measure(_ text: String, font: FontDescription, maxWidth: Double?, wrap: WrapMode, isMarkup: Bool = false) -> Size {
        measure(TextMeasureRequest(text: text, font: font, maxWidth: maxWidth, wrap: wrap, isMarkup: isMarkup))
    }
}
