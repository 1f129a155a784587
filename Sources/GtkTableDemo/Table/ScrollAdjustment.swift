import CGtk
import GtkBridge

/// Keeps the scrolled window's vertical adjustment and the model's scroll offset in step
/// (W2, W3), in both directions and without feedback.
///
/// GTK moves the adjustment: the scrollbar, its kinetic glide, touchscreen panning, keys.
/// Each move becomes one model intent (`onMove`). A thumb drag or trough click is a fraction
/// of the travel. Anything else is a delta from the value GTK had before.
///
/// The model moves the offset: through intents, and by itself when rows above the anchor are
/// measured or re-priced. The table's allocation then configures the adjustment, with
/// `value-changed` blocked, so that:
/// - `lower = drift`, `upper = drift + max(content, page)`, `value = drift + offset`. The
///   thumb's place in its travel is always the model's offset over the largest offset.
/// - `drift` takes in every offset change the model makes by itself, so GTK's value stays put.
///   A glide or pan that GTK drives in absolute values goes on without a jump. The drift
///   returns to 0 (a relabelling that moves nothing on screen) when the model scrolls on an
///   intent of its own, or once GTK has been still for `stillInterval`.
/// - After a thumb drag, the thumb stays at the fraction where it was dropped
///   (`value = drift + fraction × largest offset`). Rows measured there and late rich rows
///   re-pricing the estimates change the largest offset, never the thumb. The next move that
///   is not the thumb's, or a scroll of the model's own, ends that.
@MainActor
final class ScrollAdjustment {
    /// A move GTK made, as the model takes it.
    enum Move {
        case by(Double)
        case toFraction(Double)
    }

    /// How long GTK's value must stay unchanged before a glide or pan counts as over.
    static let stillInterval: UInt32 = 150

    private var ownedAdjustment: OwnedObject
    var adjustment: GObjectRef { ownedAdjustment.ref }
    private var valueHandler: SignalConnection?
    private var drift = 0.0
    /// The value the adjustment had after the last configuration or the last move GTK made.
    private var lastValue = 0.0
    /// Where the thumb was dropped, as a fraction of its travel, while it stays there.
    private(set) var pinnedFraction: Double?
    /// The fraction of its travel GTK's range put the thumb at when it last moved it (a thumb
    /// drag, a trough click), read from the adjustment as GTK set it; nil after any other move.
    /// The state file reports it: where GTK's own pointer mapping put the thumb, which its theme's
    /// geometry decides (GTK 4.8 and 4.18 move a dragged thumb 2–3 % further than the pointer).
    private(set) var rangeFraction: Double?
    /// Set by the scrollbar's range just before it sets the value (a thumb drag, a trough click).
    private var rangeIsMoving = false
    private var driftNeedsReset = false
    private var stillTimer: UInt32?
    var onMove: ((Move) -> Void)?
    /// GTK's value has been still for `stillInterval` after a move.
    var onStill: (() -> Void)?

    /// True from a move GTK made until it has been still for `stillInterval`.
    var isMoving: Bool { stillTimer != nil }

    /// Starts with a new adjustment of its own, which the table hands to its scrolled window.
    init() {
        ownedAdjustment = OwnedObject(adopting: gtk_adjustment_new(0, 0, 1, 1, 1, 1)!)
        connect()
    }

    /// Takes the adjustment the table was given instead (GtkScrollable's `vadjustment`).
    func attach(_ given: GObjectRef) {
        guard given != adjustment else { return }
        valueHandler?.disconnect()
        ownedAdjustment = OwnedObject(retaining: given)
        lastValue = gtk_adjustment_get_value(given())
        connect()
    }

    private func connect() {
        valueHandler = adjustment.on("value-changed") { [weak self] in self?.gtkMoved() }
    }

    /// Watches the scrollbar's range, so thumb drags and trough clicks are told apart from
    /// other moves. GTK 4's GtkScrollbar draws through one GtkRange child.
    func watch(scrollbar: GObjectRef) {
        var child = gtk_widget_get_first_child(scrollbar.widget)
        while let current = child {
            let candidate = GObjectRef(current)
            if candidate.isA(gtk_range_get_type()) {
                candidate.onRangeChangeValue { [weak self] in self?.rangeIsMoving = true }
                return
            }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// The model is scrolling on an intent of its own (keys, the caret, a reveal): the next
    /// configuration shows its offset as it is, and a dropped thumb is let go.
    func modelWillScroll() {
        pinnedFraction = nil
        driftNeedsReset = true
    }

    /// Mirrors the model's scroll state into the adjustment; from the table's allocation.
    ///
    /// - Complexity: O(1).
    func configure(offset: Double, maxOffset: Double, contentHeight: Double, page: Double) {
        if driftNeedsReset {
            drift = 0
            driftNeedsReset = false
        } else if pinnedFraction == nil {
            drift = lastValue - offset
        }
        let value = drift + (pinnedFraction.map { $0 * maxOffset } ?? offset)
        valueHandler?.whileBlocked {
            gtk_adjustment_configure(
                adjustment(), value, drift, drift + max(contentHeight, page), page * 0.1, page * 0.9, page)
        }
        lastValue = gtk_adjustment_get_value(adjustment())
    }

    private func gtkMoved() {
        let value = gtk_adjustment_get_value(adjustment())
        let move: Move
        if rangeIsMoving {
            rangeIsMoving = false
            let lower = gtk_adjustment_get_lower(adjustment())
            let travel = gtk_adjustment_get_upper(adjustment()) - gtk_adjustment_get_page_size(adjustment()) - lower
            let fraction = travel > 0 ? min(max(0, (value - lower) / travel), 1) : 0
            pinnedFraction = fraction
            rangeFraction = fraction
            move = .toFraction(fraction)
        } else {
            pinnedFraction = nil
            rangeFraction = nil
            move = .by(value - lastValue)
        }
        lastValue = value
        restartStillTimer()
        onMove?(move)
    }

    private func restartStillTimer() {
        if let stillTimer { MainLoopSource.remove(stillTimer) }
        stillTimer = MainLoopSource.timeout(milliseconds: Self.stillInterval) { [weak self] in
            guard let self else { return false }
            self.stillTimer = nil
            self.driftNeedsReset = true
            self.onStill?()
            return false
        }
    }
}
