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
}

extension TextMeasuring {
    /// Measures plain or markup text.
    ///
    /// - Complexity: that of ``measure(_:)``.
    public func measure(_ text: String, font: FontDescription, maxWidth: Double?, wrap: WrapMode, isMarkup: Bool = false) -> Size {
        measure(TextMeasureRequest(text: text, font: font, maxWidth: maxWidth, wrap: wrap, isMarkup: isMarkup))
    }
}
