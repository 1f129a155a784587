import Foundation
import TableModel

/// A font as the style sheet and the measurer both take it: a family, a weight and a size in
/// points. GTK turns points into pixels at the text resolution (`gtk-xft-dpi`, which the text
/// scaling factor sets), so the measurer does the same.
struct StyleFont: Hashable {
    var family: String
    var points: Double
    var weight: FontDescription.Weight = .regular

    /// The declarations for a CSS rule.
    var css: String {
        "font-family: \"\(family)\"; font-size: \(points)pt; font-weight: \(weight.value);"
    }

    /// The font in pixels at `dpi`, as GTK computes it for the widgets.
    func description(dpi: Double) -> FontDescription {
        FontDescription(family: family, size: points * dpi / 72, weight: weight)
    }
}
