import CGtk
import GtkBridge
import TableModel

/// The table's state as the `--state-file` reports it: geometry in window coordinates (the X
/// window's, which include the client-side decoration margin, so they are what xdotool and a
/// screenshot of the window use), what each visible row shows, and cumulative measure and
/// bind counts per row id.
@MainActor
enum AutomationState {
    static func snapshot(of controller: TableController, in window: GObjectRef, measurer: PangoTextMeasurer) -> [String: Any] {
        let model = controller.model
        let geometry = model.geometry
        let view = controller.view!
        var origin = graphene_point_t()
        var zero = graphene_point_t()
        _ = gtk_widget_compute_point(view.widget.widget, window.widget, &zero, &origin)
        var marginX = 0.0
        var marginY = 0.0
        gtk_native_get_surface_transform(window(), &marginX, &marginY)
        origin.x += Float(marginX)
        origin.y += Float(marginY)
        let top = Double(origin.y)
        let margin = (x: marginX, y: marginY)
        let inWindow = { (widget: GObjectRef) -> [String: Double]? in windowBounds(of: widget, in: window, margin: margin) }
        let rows: [[String: Any]] = view.placedRows.map { placed in
            var entry: [String: Any] = [
                "id": placed.id.rawValue, "kind": placed.kind.name, "y": top + placed.y, "height": placed.height,
                "measured": placed.isMeasured, "swipeOffset": controller.swipeOffset(of: placed.id),
                "presentationOffset": view.presentation.shift(of: placed.id),
                "expanded": false, "open": false,
            ]
            guard let row = model.row(placed.id) else { return entry }
            entry["flagged"] = row.flagged
            entry["done"] = row.done
            entry["pinned"] = row.pinned
            if let cell = view.cell(for: placed.id) {
                entry["bounds"] = inWindow(cell.widget)
                // The check box as GTK shows it (E3): child-visible and ticked.
                entry["checkShown"] = cell.selectionCheck.isShown
                entry["checked"] = cell.selectionCheck.isShown && cell.selectionCheck.isActive
                if cell.selectionCheck.isShown { entry["checkBounds"] = inWindow(cell.selectionCheck.button) }
                entry.merge(widgetFacts(of: cell, inWindow: inWindow)) { $1 }
                entry["gtkStates"] = stateNames(of: cell.widget)
            }
            switch row.content {
            case .note(let text, let expanded):
                entry["expanded"] = expanded
                // Whole up to 2,000 characters; longer, its first and last 1,000 around "…".
                entry["text"] = text.count <= 2000 ? text : String(text.prefix(1000)) + "…" + String(text.suffix(1000))
                entry["canExpand"] = (try? model.noteLayout(for: placed.id).canExpand) ?? false
                entry["modelTextHeight"] = (try? model.noteLayout(for: placed.id).contentHeight) ?? 0
                if let note = view.cell(for: placed.id)?.content as? NoteRowView {
                    entry["widgetTextHeight"] = note.widgetTextHeight
                    entry["textScroll"] = note.textScroll
                    entry["caretVisible"] = note.isCaretVisible
                }
                entry["unknownGlyphs"] = measurer.unknownGlyphCount(String(text.prefix(2000)), font: model.metrics.note.font)
            case .toggle(let title, let open):
                entry["open"] = open
                entry["title"] = title
                entry["label"] = (try? model.toggleLabel(for: placed.id)) ?? ""
            case .header(let title):
                entry["title"] = title
            case .grid(let chips):
                entry["chips"] = chips.count
            case .rich:
                entry["loaded"] = (try? model.richState(of: placed.id)).map { !$0.isPending } ?? false
            case .web:
                if let fit = try? model.webFit(of: placed.id) {
                    entry["webFit"] = ["documentHeight": fit.documentHeight, "contentWidth": fit.contentWidth, "textScale": fit.textScale]
                }
            }
            return entry
        }
        var state: [String: Any] = [
            "scrollOffset": geometry.scrollOffset,
            "contentHeight": geometry.contentHeight,
            "viewportHeight": geometry.viewportHeight,
            "rowCount": geometry.count,
            "rowWidth": view.rowWidth,
            "rowWidgets": view.rowWidgetCount,
            "webViews": controller.webViews.live.count,
            "layoutRecoveries": view.allocationGuard.recoveries,
            "shownRowWidgets": view.cells.count,
            "tableOrigin": ["x": Double(origin.x), "y": top],
            "rows": rows,
            "measureCount": Dictionary(uniqueKeysWithValues: model.measureCounts.map { (String($0.key.rawValue), $0.value) }),
            "bindCount": Dictionary(uniqueKeysWithValues: controller.bindCounts.map { (String($0.key.rawValue), $0.value) }),
            "canUndo": model.canUndo,
            "canRedo": model.canRedo,
            "anyRowOpen": model.isAnyRowOpen,
            "contextMenuOpen": controller.contextMenu.isOpen,
            "contextMenuItems": controller.contextMenu.isOpen ? controller.contextMenu.itemTitles : [],
        ]
        if let editing = model.editingRow { state["editingRow"] = editing.rawValue }
        if let focused = controller.rowWithFocus() { state["focusedRow"] = focused.rawValue }
        if let focused = model.focusedRow { state["modelFocusedRow"] = focused.rawValue }
        state["focus"] = focusFacts(in: window, view: view)
        state["bottomInset"] = geometry.bottomInset
        state["scrollbar"] = scrollbarFacts(view, inWindow: inWindow)
        state["retainedRows"] = controller.rowsKeepingCells.filter { id in !view.placedRows.contains { $0.id == id } }.map(\.rawValue)
        if let sticky = view.stickyHeader {
            // The model's header, and where GTK placed the pinned copy and whether it is drawn
            // last, over the rows.
            var facts: [String: Any] = ["id": sticky.id.rawValue, "y": top + sticky.y - geometry.scrollOffset]
            let cell: GObjectRef = view.stickyCell.widget
            facts["bounds"] = inWindow(cell)
            facts["drawnOnTop"] = cell.isChildVisible && gtk_widget_get_next_sibling(cell.widget) == nil
            state["stickyHeader"] = facts
        }
        return state
    }

    /// What GTK shows of a row's widgets, in window coordinates: the text a button or label
    /// displays, a note's text area, text view, inner scroll and caret, each chip's box.
    private static func widgetFacts(of cell: RowCell, inWindow: (GObjectRef) -> [String: Double]?) -> [String: Any] {
        var facts: [String: Any] = ["contentBounds": inWindow(cell.content.widget) as Any]
        switch cell.content {
        case let note as NoteRowView:
            facts["buttonLabel"] = gtk_button_get_label(note.button()).map { String(cString: $0) } ?? ""
            facts["buttonSensitive"] = gtk_widget_get_sensitive(note.button.widget) != 0
            facts["buttonShown"] = gtk_widget_get_mapped(note.button.widget) != 0
            facts["buttonBounds"] = inWindow(note.button)
            facts["noteForm"] = note.form.rawValue
            facts["textAreaBounds"] = inWindow(note.textArea)
            switch note.form {
            case .textView:
                // An expanded text view covers a band of the area: the area reaches from the
                // scroller's top less the band's top, as tall as the row allocated it.
                if var area = inWindow(note.textArea) {
                    area["y"]! -= Double(note.textBand.lowerBound)
                    area["height"] = Double(note.textAreaBox.height)
                    facts["textAreaBounds"] = area
                }
                facts["textViewBand"] = [note.textBand.lowerBound, note.textBand.upperBound]
                facts["textViewBounds"] = inWindow(note.textView)
                let adjustment = gtk_scrolled_window_get_vadjustment(note.scroller())
                facts["textAdjustment"] = [
                    "value": gtk_adjustment_get_value(adjustment), "upper": gtk_adjustment_get_upper(adjustment),
                    "pageSize": gtk_adjustment_get_page_size(adjustment),
                ]
            case .preview:
                // What the drawn text's last snapshot painted: its paragraphs and the y they span.
                if let painted = note.preview.painted, let area = inWindow(note.textArea), let areaTop = area["y"] {
                    var drawn: [String: Any] = [
                        "paragraphs": [painted.first, painted.end], "top": areaTop + Double(painted.top),
                        "bottom": areaTop + Double(painted.bottom), "current": note.preview.isPaintingCurrent,
                    ]
                    if let faded = painted.fadedFrom { drawn["fadedFrom"] = areaTop + Double(faded) }
                    facts["drawnText"] = drawn
                }
            }
            if let caret = note.caretRectInRow(), let row = inWindow(note.widget) {
                facts["caretInWindow"] = ["x": row["x"]! + caret.x, "y": row["y"]! + caret.y, "height": caret.height]
            }
            facts["marksText"] = note.marksText
        case let toggle as ToggleRowView:
            facts["heightLabelText"] = String(cString: gtk_label_get_text(toggle.heightLabel()))
            facts["marksText"] = toggle.marksText
        case let grid as GridRowView:
            facts["chipBounds"] = grid.chips.map(\.widget).filter(\.isVisible).compactMap { inWindow($0) }
            facts["marksText"] = grid.badgeText
        case let rich as RichRowView:
            facts["marksText"] = rich.badgeText
        case let web as WebRowView:
            facts["marksText"] = web.badgeText
            facts["webLive"] = web.showsLiveContent
            facts["webSnapshot"] = web.showsSnapshot
            if let live = web.liveView, live.rowID == web.rowID {
                facts["webViewBounds"] = inWindow(live.view)
                if let page = live.pageScrollHeight {
                    facts["pageScrollHeight"] = page.document
                    facts["pageCSSWidth"] = page.width
                    facts["pageViewHeight"] = page.view
                }
                if let scheme = live.pageColorScheme { facts["pageColorScheme"] = scheme }
            }
        default:
            break
        }
        return facts
    }

    /// The scrollbar as GTK has it: its adjustment and where it draws the thumb.
    private static func scrollbarFacts(_ view: TableView, inWindow: (GObjectRef) -> [String: Double]?) -> [String: Any] {
        let adjustment = view.adjustment
        guard let scrollbar = view.scrollbar else { return [:] }
        var facts: [String: Any] = [
            "value": gtk_adjustment_get_value(adjustment()), "lower": gtk_adjustment_get_lower(adjustment()),
            "upper": gtk_adjustment_get_upper(adjustment()), "pageSize": gtk_adjustment_get_page_size(adjustment()),
            "bounds": inWindow(scrollbar) as Any, "visible": scrollbar.isChildVisible,
            // GTK overlays the scrollbar when both the scrolled window and the system allow it.
            "overlay": gtk_scrolled_window_get_overlay_scrolling(view.scrolledWindow()) != 0
                && SystemSetting.boolean("gtk-overlay-scrolling", fallback: true),
        ]
        if let fraction = view.scrolling.rangeFraction { facts["rangeFraction"] = fraction }
        var pending = [scrollbar.widget]
        while let widget = pending.popLast() {
            if String(cString: gtk_widget_get_css_name(widget)) == "slider" {
                facts["sliderBounds"] = inWindow(GObjectRef(widget))
                break
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                pending.append(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        return facts
    }

    /// The state flags of `widget` its look depends on (style.css), as GTK has them: the
    /// pointer over it, keyboard focus on or in it, focus rings shown.
    private static func stateNames(of widget: GObjectRef) -> [String] {
        let flags = gtk_widget_get_state_flags(widget.widget).rawValue
        let names: [(GtkStateFlags, String)] = [
            (GTK_STATE_FLAG_PRELIGHT, "hover"), (GTK_STATE_FLAG_FOCUSED, "focus"),
            (GTK_STATE_FLAG_FOCUS_WITHIN, "focusWithin"), (GTK_STATE_FLAG_FOCUS_VISIBLE, "focusVisible"),
        ]
        return names.filter { flags & $0.0.rawValue != 0 }.map(\.1)
    }

    /// The focused widget: its CSS name and the row it is in, as GTK has it.
    private static func focusFacts(in window: GObjectRef, view: TableView) -> [String: Any] {
        guard let focus = gtk_root_get_focus(window()) else { return [:] }
        var facts: [String: Any] = ["cssName": String(cString: gtk_widget_get_css_name(focus))]
        if let id = view.cells.first(where: { $0.value.holdsKeyboardFocus })?.key {
            facts["row"] = id.rawValue
        }
        return facts
    }

    /// A mapped widget's box in the X window's coordinates (the surface, margins included).
    static func windowBounds(of widget: GObjectRef, in window: GObjectRef) -> [String: Double]? {
        var margin = (x: 0.0, y: 0.0)
        gtk_native_get_surface_transform(window(), &margin.x, &margin.y)
        return windowBounds(of: widget, in: window, margin: margin)
    }

    /// A widget's box in the X window's coordinates (the surface, margins included).
    private static func windowBounds(of widget: GObjectRef, in window: GObjectRef, margin: (x: Double, y: Double)) -> [String: Double]? {
        guard gtk_widget_get_mapped(widget.widget) != 0, let box = ViewModelAgreement.bounds(of: widget, in: window) else { return nil }
        return ["x": box.x + margin.x, "y": box.y + margin.y, "width": box.width, "height": box.height]
    }
}
