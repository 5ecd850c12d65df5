/// The name of a sound file, for ``UNNotificationSound/init(named:)``.
public struct UNNotificationSoundName: RawRepresentable, Hashable, Sendable {
    /// The raw value (the file name).
    public let rawValue: String

    /// The value with this raw value.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The name of a sound file, such as `"chime.caf"`.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}
