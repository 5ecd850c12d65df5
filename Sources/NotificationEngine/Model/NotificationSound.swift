/// The sound a notification plays: the system default or a named sound file.
///
/// A named sound longer than the configured maximum (30 s, as on iOS) or one
/// the engine cannot find plays the default sound instead; see
/// ``NotificationEngine/Configuration/soundLibrary``.
///
/// ```swift
/// content.sound = .default
/// content.sound = .named("chime.wav")   // the default sound if it is over 30 s or missing
/// ```
public struct NotificationSound: Codable, Sendable, Hashable {
    /// The sound file's name, or `nil` for the default sound.
    public var name: String?

    /// A named sound file, such as `"chime.wav"`: 1 to
    /// ``NotificationLimits/maximumIdentifierLength`` characters.
    public init(named name: String) {
        self.name = name
    }

    private init() {
        name = nil
    }

    /// A named sound file.
    public static func named(_ name: String) -> NotificationSound {
        NotificationSound(named: name)
    }

    /// The system's default notification sound.
    public static let `default` = NotificationSound()

    /// Whether this is the default sound.
    public var isDefault: Bool { name == nil }
}
