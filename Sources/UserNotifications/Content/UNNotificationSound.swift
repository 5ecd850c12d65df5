import NotificationEngine

/// The sound a notification plays: the system's default or a named sound file.
///
/// ```swift
/// content.sound = .default
/// content.sound = UNNotificationSound(named: UNNotificationSoundName("chime.caf"))
/// ```
///
/// A named sound longer than 30 seconds, or one the engine cannot find, plays
/// the default sound instead, as on Apple's platforms.
public final class UNNotificationSound: Sendable, Hashable {
    let sound: NotificationSound

    init(_ sound: NotificationSound) {
        self.sound = sound
    }

    /// A named sound file.
    public convenience init(named name: UNNotificationSoundName) {
        self.init(NotificationSound(named: name.rawValue))
    }

    /// The system's default notification sound.
    public static let `default` = UNNotificationSound(NotificationSound.default)

    /// Sounds are equal when they play the same file.
    public static func == (lhs: UNNotificationSound, rhs: UNNotificationSound) -> Bool {
        lhs.sound == rhs.sound
    }

    /// Hashes the properties `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sound)
    }
}
