import CGtk
import Foundation

/// The app's gettext domain (P5): where its compiled catalogues are, and the one call at
/// startup that binds them. Every user-visible string goes through ``tr(_:)`` or
/// ``trn(_:_:_:)``; `make pot` finds them by those names (po/README.md).
enum Localization {
    /// The text domain: the catalogues are `<locale dir>/<language>/LC_MESSAGES/gtktabledemo.mo`.
    static let domain = "gtktabledemo"

    /// Where the catalogues are: `PREFIX/share/locale` beside an installed
    /// `PREFIX/bin/GtkTableDemo` (`make install`), else the first `locale/` found walking up
    /// from the executable (`make` compiles them into `.build/locale`), else the system's.
    static let directory: String = {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        let installed = folder.deletingLastPathComponent().appendingPathComponent("share/locale").path
        if FileManager.default.fileExists(atPath: installed + "/ru/LC_MESSAGES/\(domain).mo") { return installed }
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("locale").path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), isFolder.boolValue { return candidate }
            folder.deleteLastPathComponent()
        }
        return "/usr/share/locale"
    }()

    /// Takes the locale from the environment (`LANG`, `LC_*`, `LANGUAGE`) and binds the
    /// domain to ``directory`` in UTF-8. Call once, before any window exists. It does not make
    /// the domain the default (`textdomain`): GLib then turns every translation off in a
    /// language the app lacks, GTK's own included, and GTK's right-to-left layout with them.
    static func start() {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// `count` with the locale's thousands separator between groups of three digits
    /// ("1,234,567"; "1 234 567" in Russian); a comma where the locale has none (the C locale).
    ///
    /// - Complexity: O(digits).
    static func grouped(_ count: Int) -> String {
        let separator = localeconv().pointee.thousands_sep.map { String(cString: $0) } ?? ""
        let digits = Array(String(count.magnitude))
        var text = count < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += separator.isEmpty ? "," : separator }
            text.append(digit)
        }
        return text
    }
}

/// `message` in the user's language, or as it is when the catalogue has no translation.
/// The argument must be a string literal for `make pot` to see it. Without a translation
/// gettext hands back the very pointer it was given, so the text is copied while that lives.
func tr(_ message: String) -> String {
    message.withCString { id in String(cString: g_dgettext(Localization.domain, id)) }
}

/// The plural form of a message for `count` in the user's language (Russian has three:
/// 1 строка, 2 строки, 5 строк), with `{count}` filled in as ``Localization/grouped(_:)``.
func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    let form = singular.withCString { one in
        plural.withCString { many in String(cString: g_dngettext(Localization.domain, one, many, gulong(count.magnitude))) }
    }
    return form.filling(["count": Localization.grouped(count)])
}

extension String {
    /// The text with each `{name}` placeholder replaced by its value: translations may
    /// reorder the placeholders, which positional arguments would not allow.
    func filling(_ values: [String: String]) -> String {
        values.reduce(self) { text, entry in text.replacingOccurrences(of: "{\(entry.key)}", with: entry.value) }
    }
}
