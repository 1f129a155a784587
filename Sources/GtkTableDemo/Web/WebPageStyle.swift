import CGtk

/// The style web rows' pages are drawn in: the app's own (libadwaita's style manager, which
/// follows the desktop's dark-style preference, W7).
///
/// In the dark style the app's user style sheet asks for `color-scheme: dark`, so WebKit uses
/// its dark defaults for what a page leaves unset: text, links, table borders, form controls,
/// and an opaque dark canvas it paints itself (measured on WebKitGTK 2.50: rgb(30, 30, 30)).
/// The sheet is at the user level, so a page that sets its own colours, or its own
/// `color-scheme`, keeps them. WebKit's `prefers-color-scheme` already follows GTK's dark
/// setting by itself (which libadwaita sets), but that changes nothing a page does not ask for.
enum WebPageStyle: Equatable {
    case light
    case dark

    /// The user style sheet every page gets in this style: no margin of its own (the row pads
    /// it), no scrollbars (the row is as tall as the document), as tall as its content and
    /// no taller, and the colour scheme.
    ///
    /// `height: fit-content` turns off a quirk: a document without a doctype (most rows'
    /// HTML) is in quirks mode, where WebKit stretches the root and the body to the view's
    /// height when their height is `auto`. The fit would then depend on the view it is
    /// measured in: a row measured while taller than its text kept that height for good.
    /// Being the user's, these rules give way to any the page sets itself.
    var userStyle: String {
        let base = "html, body { height: fit-content; } html { overflow: hidden; } body { margin: 0; }"
        switch self {
        case .light: return base
        case .dark: return base + " :root { color-scheme: dark; }"
        }
    }

    /// The colour of a page with no background of its own: what a row draws where it has
    /// no snapshot yet (WebKit's canvas in this style).
    var canvas: GdkRGBA {
        switch self {
        case .light: return GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
        case .dark: return GdkRGBA(red: 30 / 255, green: 30 / 255, blue: 30 / 255, alpha: 1)
        }
    }
}
