import CGtk

extension GObjectRef {
    /// Runs `handler` before every frame this widget's frame clock paints, with the frame time
    /// in microseconds, until it returns `false`. The box is released by the destroy notify.
    /// Used for animations (swipe springs) that follow the display's frames.
    @MainActor @discardableResult
    public func addTickCallback(_ handler: @escaping @MainActor (Int) -> Bool) -> UInt32 {
        typealias Tick = @MainActor (Int) -> Bool
        let callback: GtkTickCallback = { _, clock, data in
            guard let data else { return 0 }
            let box = HandlerBox<Tick>.from(data)
            let time = gdk_frame_clock_get_frame_time(clock)
            return MainActor.assumeIsolated { box.handler(time) } ? 1 : 0
        }
        return gtk_widget_add_tick_callback(widget, callback, HandlerBox<Tick>(handler).retainedPointer()) { data in
            if let data { releaseHandlerBox(data) }
        }
    }

    /// Stops a tick callback before it returns `false` itself.
    @MainActor public func removeTickCallback(_ id: UInt32) {
        gtk_widget_remove_tick_callback(widget, id)
    }
}
