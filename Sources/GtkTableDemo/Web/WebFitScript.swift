/// The app's own script that measures a web row's document (H1). It runs in the app's script
/// world, so the page (whose own scripts are off anyway, H3) can neither see nor change it.
///
/// Evaluated when a load finishes, it returns the fit and installs, once per document, a
/// `ResizeObserver` on the root element that posts the fit again whenever the document's
/// size changes: a new width, an image decoding, a font arriving. A fit is
/// `"height,width"` in CSS pixels, unrounded: the root element's height, which is
/// independent of the view's own height (the root is a block formatting context, so its
/// children's margins count), and the width the document is laid out at. (WebKit zooms
/// pages by the text scaling factor: the view turns CSS pixels into the row's.)
enum WebFitScript {
    /// The script world the measuring runs in.
    static let world = "table-demo-fit"
    /// The script message handler the observer posts to.
    static let messageName = "tableFit"

    static let source = """
        (() => {
          const root = document.documentElement;
          const fit = () => { const box = root.getBoundingClientRect(); return box.height + "," + box.width; };
          if (!window.tableFitObserver) {
            window.tableFitObserver = new ResizeObserver(() => window.webkit.messageHandlers.\(messageName).postMessage(fit()));
            window.tableFitObserver.observe(root);
          }
          return fit();
        })()
        """

    /// The height and width in a fit the script reported, or nil for anything else.
    ///
    /// - Complexity: O(length of `text`).
    static func parse(_ text: String) -> (height: Double, width: Double)? {
        let parts = text.split(separator: ",")
        guard parts.count == 2, let height = Double(parts[0]), let width = Double(parts[1]),
            height.isFinite, height >= 0, width.isFinite, width > 0
        else { return nil }
        return (height, width)
    }
}
