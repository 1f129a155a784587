/// The system's reduced-motion preference (GtkSettings `gtk-enable-animations`, which GNOME's
/// "Animations" switch sets). When it is off, swipe springs go straight to
/// where they would come to rest (W9). Read each time a motion starts, so a change applies at once.
@MainActor
enum MotionPreference {
    static var animationsEnabled: Bool { SystemSetting.boolean("gtk-enable-animations", fallback: true) }
}
