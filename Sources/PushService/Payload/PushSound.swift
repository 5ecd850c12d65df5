import NotificationModel

/// The `aps` `sound` key: the name of a sound file, or for a critical alert the
/// dictionary `{"critical": 1, "name": …, "volume": …}`.
enum PushSound {
    /// The sound `value` names, or `nil` (silence) for a value that is neither a
    /// string nor a dictionary.
    ///
    /// `"default"` is the system sound. So is a name no file can have (empty, or
    /// over 255 characters) and a dictionary without a name: a device plays the
    /// default sound for a file it cannot find. A dictionary is a critical sound
    /// when its `critical` is 1, at its `volume` if that is a number from 0 to 1
    /// (else at the system's); otherwise it is a normal sound of that name.
    static func read(_ value: JSONValue?) -> NotificationSound? {
        switch value {
        case .string(let name):
            return named(name)
        case .object(let dictionary):
            let fields = APSDictionary(dictionary)
            let sound = named(fields.string("name") ?? "")
            guard fields.flag("critical") else { return sound }
            return sound.playing(as: .critical, volume: volume(dictionary["volume"]))
        default:
            return nil
        }
    }

    static func named(_ name: String) -> NotificationSound {
        guard name != "default", !name.isEmpty, APSDictionary.isIdentifier(name) else { return .default }
        return .named(name)
    }

    static func volume(_ value: JSONValue?) -> Double? {
        guard let volume = value?.numberValue, (0...1).contains(volume) else { return nil }
        return volume
    }
}
