import CWebKit

/// One WebKit user style sheet, at the user level and for every frame, owned: its one
/// reference is released with this. Main thread only, like the content managers it is added to.
final class UserStyleSheet {
    let sheet: OpaquePointer

    init(_ css: String) {
        sheet = webkit_user_style_sheet_new(css, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES, WEBKIT_USER_STYLE_LEVEL_USER, nil, nil)
    }

    deinit { webkit_user_style_sheet_unref(sheet) }
}
