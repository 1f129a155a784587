import CGtk
import GtkBridge

/// Selects a word or a line in a GtkTextView the way its own double and triple click do, by
/// emitting its `extend-selection` signal (so GTK's own rules, and any handler connected to
/// it, decide the bounds) and selecting what it answers.
///
/// Used when a click series began on a note's drawn text: the text view took its place after
/// the first press, so its own click gesture counts the second press as a first one.
/// - Complexity: that of GTK's handler (the word or display line around the location).
@MainActor
enum TextViewGranularSelection {
    /// Selects the unit of `granularity` around character `offset` of `textView`'s buffer.
    static func select(in textView: GObjectRef, around offset: Int, granularity: GtkTextExtendSelection) {
        let view: UnsafeMutablePointer<GtkTextView> = textView()
        let buffer = gtk_text_view_get_buffer(view)!
        let iters = UnsafeMutablePointer<GtkTextIter>.allocate(capacity: 3)
        defer { iters.deallocate() }
        iters.initialize(repeating: GtkTextIter(), count: 3)
        gtk_text_buffer_get_iter_at_offset(buffer, iters, Int32(offset))
        iters[1] = iters[0]
        iters[2] = iters[0]

        var values = [GValue](repeating: GValue(), count: 5)
        g_value_init(&values[0], gtk_text_view_get_type())
        g_value_set_object(&values[0], UnsafeMutableRawPointer(textView.widget))
        g_value_init(&values[1], gtk_text_extend_selection_get_type())
        g_value_set_enum(&values[1], Int32(bitPattern: granularity.rawValue))
        for index in 0..<3 {
            // Static scope, as the signal declares its iters: the handler moves ours in place.
            g_value_init(&values[index + 2], gtk_text_iter_get_type())
            g_value_set_static_boxed(&values[index + 2], UnsafeRawPointer(iters + index))
        }
        var handled = GValue()
        g_value_init(&handled, cgtk_boolean_type())
        let signal = g_signal_lookup("extend-selection", gtk_text_view_get_type())
        g_signal_emitv(values, signal, 0, &handled)
        for index in values.indices { g_value_unset(&values[index]) }
        g_value_unset(&handled)
        gtk_text_buffer_select_range(buffer, iters + 2, iters + 1)
    }
}
