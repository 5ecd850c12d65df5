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
    /// How the sound plays: as a notification sound, a critical alert or a ringtone.
    public var kind: Kind = .normal
    /// A critical alert's volume, from 0 to 1; `nil` for the system's.
    public var volume: Double?

    /// How a sound plays.
    public enum Kind: String, Codable, Sendable, Hashable {
        /// As the app's settings say.
        case normal
        /// Even when the app's sounds are off, if the user allowed the app
        /// ``AuthorizationOptions/criticalAlert``; otherwise as a normal sound.
        case critical
        /// A ringtone, for calls; plays as a normal sound.
        case ringtone
    }

    /// The same sound, played as `kind` at `volume`.
    public func playing(as kind: Kind, volume: Double? = nil) -> NotificationSound {
        var sound = self
        sound.kind = kind
        sound.volume = volume
        return sound
    }

    private enum CodingKeys: String, CodingKey {
        case name, kind, volume
    }

    /// Decodes a sound; `kind` and `volume` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        kind = try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .normal
        volume = try container.decodeIfPresent(Double.self, forKey: .volume)
    }

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
