public import NotificationModel

/// An option set written on the wire as an array of names, such as
/// `["foreground", "destructive"]`.
protocol OptionNames: OptionSet where Element == Self {
    /// Each option and its name, in the order names are written.
    static var names: KeyValuePairs<String, Self> { get }
}

extension OptionNames {
    /// The names of the options in `self`, in ``names`` order.
    var nameList: [String] {
        Self.names.filter { contains($0.value) }.map(\.key)
    }

    /// The options named; an unknown name is refused with `code`.
    init(names list: [String], refusing code: NotificationError.Code) throws {
        self.init()
        for name in list {
            guard let option = Self.names.first(where: { $0.key == name })?.value else {
                let known = Self.names.map(\.key).joined(separator: ", ")
                throw NotificationError(code, "unknown option “\(name)”; the options are \(known)")
            }
            insert(option)
        }
    }
}

extension NotificationAction.Options: OptionNames {
    static var names: KeyValuePairs<String, Self> {
        ["foreground": .foreground, "destructive": .destructive, "authenticationRequired": .authenticationRequired]
    }
}

extension NotificationCategory.Options: OptionNames {
    static var names: KeyValuePairs<String, Self> {
        [
            "customDismissAction": .customDismissAction, "allowInCarPlay": .allowInCarPlay,
            "hiddenPreviewsShowTitle": .hiddenPreviewsShowTitle,
            "hiddenPreviewsShowSubtitle": .hiddenPreviewsShowSubtitle, "allowAnnouncement": .allowAnnouncement,
        ]
    }
}

extension AuthorizationOptions: OptionNames {
    static var names: KeyValuePairs<String, Self> {
        [
            "alert": .alert, "sound": .sound, "badge": .badge, "carPlay": .carPlay, "criticalAlert": .criticalAlert,
            "providesAppNotificationSettings": .providesAppNotificationSettings, "provisional": .provisional,
            "announcement": .announcement, "timeSensitive": .timeSensitive,
        ]
    }
}
