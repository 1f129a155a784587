/// Word lists the generator builds text from: Latin, Cyrillic and Devanagari script, so
/// generated files exercise shaping and font fallback. Written for this project.
enum SampleWords {
    static let english = [
        "table", "row", "height", "anchor", "scroll", "estimate", "measure", "window", "note",
        "quiet", "river", "morning", "garden", "letter", "lamp", "orange", "paper", "station",
        "winter", "bridge", "harbour", "coffee", "pencil", "market", "thunder", "violet",
    ]
    static let russian = [
        "строка", "таблица", "высота", "окно", "заметка", "утро", "река", "сад", "письмо",
        "лампа", "бумага", "станция", "зима", "мост", "гавань", "кофе", "карандаш", "рынок",
    ]
    static let hindi = [
        "पंक्ति", "तालिका", "ऊँचाई", "खिड़की", "टिप्पणी", "सुबह", "नदी", "बगीचा", "पत्र",
        "दीपक", "काग़ज़", "स्टेशन", "सर्दी", "पुल", "बंदरगाह", "बाज़ार", "बादल", "किताब",
    ]
    static let chips = [
        "Swift", "GTK 4", "Pango", "Cairo", "GLib", "B-tree", "Anchor", "Linux", "Wayland",
        "X11", "HiDPI", "Dark mode", "Accessibility", "Undo", "JSON", "Unicode", "Кириллица",
        "देवनागरी", "Self-sizing rows", "Swipe actions", "A", "Ω", "Incremental layout",
        "Batch updates", "Learned estimates", "Fling", "Rubber band",
    ]
}
