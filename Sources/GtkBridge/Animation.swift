import CGtk

/// One libadwaita animation (`AdwTimedAnimation` or `AdwSpringAnimation`) on a widget's frame
/// clock, whose value goes to a Swift closure through an `AdwCallbackAnimationTarget`.
///
/// libadwaita skips an animation to its end at once (the value callback gets the final value,
/// then `done` runs, inside `play()`) when the widget is unmapped or GtkSettings'
/// `gtk-enable-animations` is off, so a reduced-motion setting needs no code of its own.
///
/// Ownership: this object holds the one reference to the `AdwAnimation`, which holds its
/// target, which holds the closure box (released by the target's destroy notify). libadwaita
/// keeps a playing animation alive by itself, so `cancel()` silences the closures first: an
/// animation let go while playing never calls back into Swift.
@MainActor
public final class Animation {
    /// The closures the C callbacks reach; emptied by `cancel()`.
    private final class Sink {
        var onValue: (@MainActor (Double) -> Void)?
        var onDone: (@MainActor () -> Void)?
    }

    private let sink = Sink()
    /// The `AdwAnimation`, owned (+1).
    private let object: GObjectRef
    private var animation: UnsafeMutablePointer<AdwAnimation> { object.as(AdwAnimation.self) }

    private init(_ make: (OpaquePointer) -> UnsafeMutablePointer<AdwAnimation>) {
        let sink = self.sink
        let callback: AdwAnimationTargetFunc = { value, data in
            guard let data else { return }
            let box = HandlerBox<Sink>.from(data)
            MainActor.assumeIsolated { box.handler.onValue?(value) }
        }
        let target = adw_callback_animation_target_new(callback, HandlerBox(sink).retainedPointer()) { data in
            if let data { releaseHandlerBox(data) }
        }!
        object = GObjectRef(make(target))
        object.on("done") { [sink] in sink.onDone?() }
    }

    deinit { g_object_unref(object.object) }

    /// An animation from `from` to `to` over `milliseconds`, with `easing`.
    ///
    /// - Complexity: O(1).
    public static func timed(
        on widget: GObjectRef, from: Double, to: Double, milliseconds: UInt32, easing: AdwEasing
    ) -> Animation {
        let made = Animation { target in adw_timed_animation_new(widget.widget, from, to, milliseconds, target)! }
        adw_timed_animation_set_easing(OpaquePointer(made.animation), easing)
        return made
    }

    /// A spring from `from` to `to`, starting at `velocity` (units per second), with the given
    /// damping ratio (1 is critically damped), mass and stiffness. It ends, jumping to `to`,
    /// once its envelope has decayed below `epsilon`: a fraction of the start, not a distance
    /// (libadwaita 1.2 takes the time at which e^(−βt) = epsilon, for damping β).
    ///
    /// - Complexity: O(1).
    public static func spring(
        on widget: GObjectRef, from: Double, to: Double, velocity: Double,
        dampingRatio: Double, mass: Double, stiffness: Double, epsilon: Double
    ) -> Animation {
        let params = adw_spring_params_new(dampingRatio, mass, stiffness)
        let made = Animation { target in adw_spring_animation_new(widget.widget, from, to, params, target)! }
        adw_spring_animation_set_initial_velocity(OpaquePointer(made.animation), velocity)
        adw_spring_animation_set_epsilon(OpaquePointer(made.animation), epsilon)
        return made
    }

    /// The current value.
    public var value: Double { adw_animation_get_value(animation) }

    /// Whether the animation is running (not idle, paused or finished).
    public var isPlaying: Bool { adw_animation_get_state(animation) == ADW_ANIMATION_PLAYING }

    /// Starts from the beginning; `onValue` gets every frame's value, `onDone` runs once at the
    /// end (both may run before `play` returns, when libadwaita skips the animation).
    public func play(onValue: @escaping @MainActor (Double) -> Void, onDone: @escaping @MainActor () -> Void) {
        sink.onValue = onValue
        sink.onDone = onDone
        adw_animation_play(animation)
    }

    /// Stops without calling back again: skipped to its end with the callbacks silenced.
    /// libadwaita keeps a playing animation alive by itself (so documented); a finished one
    /// goes with its last reference.
    public func cancel() {
        sink.onValue = nil
        sink.onDone = nil
        adw_animation_skip(animation)
    }
}
