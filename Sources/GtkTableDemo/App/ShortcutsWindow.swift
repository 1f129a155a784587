import CGtk
import Foundation
import GtkBridge

/// The Keyboard Shortcuts window (P2, Ctrl+?): every binding of the README's table, in groups.
/// GTK 4.8 builds a GtkShortcutsWindow only from a GtkBuilder description (its sections and
/// groups have no API to add children), so the description is written from `groups`.
@MainActor
enum ShortcutsWindow {
    /// The window's title.
    static var title: String { tr("Keyboard Shortcuts") }

    /// One binding: what it does, and its keys as GTK accelerators (alternatives separated by
    /// a space).
    struct Binding {
        let title: String
        let accelerators: String
    }

    /// The bindings, grouped as the window shows them: one per row of the README's table, with
    /// its action as the title. Keep the two in step (a UI test compares them).
    static var groups: [(title: String, bindings: [Binding])] { [
        (tr("Notes"), [
            Binding(title: tr("Edit a note"), accelerators: "Tab"),
            Binding(title: tr("End editing"), accelerators: "Escape"),
            Binding(title: tr("Expand / collapse a note, open / close a toggle row"), accelerators: "Return"),
        ]),
        (tr("Moving around"), [
            Binding(title: tr("Move between rows"), accelerators: "Up Down"),
            Binding(title: tr("New note (after the focused row, or at the top of the first section)"), accelerators: "<Control>n"),
            Binding(title: tr("Move a row (across section headers; a pinned row stays among its section's pinned rows)"), accelerators: "<Alt>Up <Alt>Down"),
            Binding(title: tr("Scroll"), accelerators: "Page_Up Page_Down Home End"),
        ]),
        (tr("Rows"), [
            Binding(title: tr("Swipe actions"), accelerators: "Menu <Shift>F10"),
            Binding(title: tr("Undo / redo (edits, deletes, pins, flags, expands, new notes, moves)"), accelerators: "<Control>z <Control><Shift>z"),
        ]),
        (tr("Selection and find"), [
            Binding(title: tr("Select rows (selection mode: check boxes, the count in the title, no swipes)"), accelerators: "<Control>a space"),
            Binding(title: tr("Act on the selected rows (one undo step each)"), accelerators: "Delete"),
            Binding(title: tr("Leave selection mode"), accelerators: "Escape"),
            Binding(title: tr("Find rows (by words, the last one a prefix; case and accents ignored)"), accelerators: "<Control>f"),
        ]),
        (tr("General"), [
            Binding(title: tr("Main menu"), accelerators: "F10"),
            Binding(title: tr("Keyboard shortcuts"), accelerators: "<Control>question"),
            Binding(title: tr("Quit"), accelerators: "<Control>q"),
        ]),
    ] }

    /// A new shortcuts window, not shown; the caller makes it the window's help overlay.
    static func make() -> OwnedObject {
        let builder = OwnedObject(adopting: gtk_builder_new_from_string(description, -1)!)
        // The builder's reference goes with it: the caller gets one of its own.
        return OwnedObject(retaining: gtk_builder_get_object(builder.ref(), "shortcuts")!)
    }

    /// The GtkBuilder description of the window, with every text escaped for XML.
    static var description: String {
        var xml = #"<interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>"#
        // A window to assistive technology, named by its title. GTK 4.18's GtkShortcutsWindow
        // (deprecated there) takes the generic role, which may not be named: readers saw a
        // nameless panel. GTK 4.8's is a window already.
        xml += #"<property name="accessible-role">window</property>"#
        xml += #"<property name="title">\#(escaped(title))</property>"#
        xml += #"<child><object class="GtkShortcutsSection"><property name="section-name">shortcuts</property>"#
        for group in groups {
            xml += #"<child><object class="GtkShortcutsGroup"><property name="title">\#(escaped(group.title))</property>"#
            for binding in group.bindings {
                xml += #"<child><object class="GtkShortcutsShortcut">"#
                xml += #"<property name="title">\#(escaped(binding.title))</property>"#
                xml += #"<property name="accelerator">\#(escaped(binding.accelerators))</property></object></child>"#
            }
            xml += "</object></child>"
        }
        return xml + "</object></child></object></interface>"
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
