import CGtk
import GtkBridge

/// An AdwMessageDialog over the window: a heading, a body, and responses given as
/// (id, label), one of them emphasised. `onResponse` gets the id chosen; closing the dialog
/// answers `closeResponse`.
@MainActor
enum MessageDialog {
    static func make(
        over window: GObjectRef, heading: String, body: String, responses: [(id: String, label: String)],
        emphasised: String, appearance: AdwResponseAppearance, defaultResponse: String, closeResponse: String,
        onResponse: @escaping @MainActor (String) -> Void
    ) -> GObjectRef {
        let dialog = GObjectRef(adw_message_dialog_new(window(), heading, body)!)
        MessageDialogHeadingMeasure.apply(to: dialog)
        for response in responses { adw_message_dialog_add_response(dialog(), response.id, response.label) }
        adw_message_dialog_set_response_appearance(dialog(), emphasised, appearance)
        adw_message_dialog_set_default_response(dialog(), defaultResponse)
        adw_message_dialog_set_close_response(dialog(), closeResponse)
        dialog.onString("response", onResponse)
        return dialog
    }
}
