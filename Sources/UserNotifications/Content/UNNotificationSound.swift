public import Foundation
import NotificationModel

/// The sound a notification plays: the system's default or a named sound file.
///
/// ```swift
/// content.sound = .default
/// content.sound = UNNotificationSound(named: UNNotificationSoundName("chime.caf"))
/// ```
///
/// A named sound longer than 30 seconds, or one the engine cannot find, plays
/// the default sound instead, as on Apple's platforms.
///
/// An immutable `NSObject`, as Apple's: equal (`isEqual(_:)`, `==`) to a sound
/// that plays the same file the same way.
public final class UNNotificationSound: NSObject, NSCopying, Sendable {
    let sound: NotificationSound

    init(_ sound: NotificationSound) {
        self.sound = sound
        super.init()
    }

    /// A named sound file.
    public convenience init(named name: UNNotificationSoundName) {
        self.init(NotificationSound(named: name.rawValue))
    }

    /// The system's default notification sound.
    public static let `default` = UNNotificationSound(NotificationSound.default)

    /// The default sound as a critical alert: it plays even when the app's
    /// sounds are off, if the user allowed the app `.criticalAlert`.
    public static let defaultCritical = UNNotificationSound(NotificationSound.default.playing(as: .critical))

    /// The default sound as a critical alert at `volume` (0 to 1); `add` refuses
    /// another volume with ``UNError/Code/invalidPayload``.
    public static func defaultCriticalSound(withAudioVolume volume: Float) -> UNNotificationSound {
        UNNotificationSound(NotificationSound.default.playing(as: .critical, volume: Double(volume)))
    }

    /// A sound file as a critical alert.
    public static func criticalSoundNamed(_ name: UNNotificationSoundName) -> UNNotificationSound {
        UNNotificationSound(NotificationSound(named: name.rawValue).playing(as: .critical))
    }

    /// A sound file as a critical alert at `volume` (0 to 1).
    public static func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float)
        -> UNNotificationSound
    {
        UNNotificationSound(NotificationSound(named: name.rawValue).playing(as: .critical, volume: Double(volume)))
    }

    /// The default ringtone, for calls.
    public static let defaultRingtone = UNNotificationSound(NotificationSound.default.playing(as: .ringtone))

    /// A sound file as a ringtone.
    public static func ringtoneSoundNamed(_ name: UNNotificationSoundName) -> UNNotificationSound {
        UNNotificationSound(NotificationSound(named: name.rawValue).playing(as: .ringtone))
    }

    /// The sound itself: it never changes.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// Whether `object` is a sound that plays the same file the same way.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? UNNotificationSound)?.sound == sound
    }

    /// A hash of what `isEqual(_:)` compares.
    public override var hash: Int { sound.hashValue }

    /// `<UNNotificationSound: 0x…; name: …, kind: …, audioVolume: …>`; the
    /// default sound's name is `(null)`.
    public override var description: String {
        ObjectDescription.of(self, ["name": sound.name, "kind": "\(sound.kind)", "audioVolume": sound.volume])
    }
}
