package import Foundation
package import HeraldAPI

/// The human output of the commands that list things; dates in `timeZone`.
package enum Listings {
    /// `herald pending`.
    package static func pending(_ requests: [API.PendingRequest], app: String, timeZone: TimeZone) -> String {
        guard !requests.isEmpty else { return "No pending requests for \(app).\n" }
        let rows = requests.map { pending in
            [
                pending.request.identifier, pending.nextFireDate.map { TriggerText.date($0, in: timeZone) } ?? "-",
                TriggerText.describe(pending.request.trigger), title(pending.request.content),
            ]
        }
        return TextTable(headers: ["ID", "NEXT FIRE", "TRIGGER", "TITLE"], rows: rows).rendered
    }

    /// `herald delivered`.
    package static func delivered(_ deliveries: [API.Delivery], app: String, timeZone: TimeZone) -> String {
        guard !deliveries.isEmpty else { return "No delivered notifications for \(app).\n" }
        let rows = deliveries.map { delivery in
            [
                delivery.id, delivery.request.identifier,
                TriggerText.date(delivery.date, in: timeZone) + (delivery.isLate ? " (late)" : ""),
                title(delivery.request.content),
            ]
        }
        return TextTable(headers: ["DELIVERY", "ID", "DELIVERED", "TITLE"], rows: rows).rendered
    }

    /// `herald apps list`.
    package static func apps(_ apps: [API.App], timeZone: TimeZone) -> String {
        guard !apps.isEmpty else { return "No apps are registered.\n" }
        let rows = apps.map { app in
            [
                app.identifier, app.name, app.bundled ? "bundled" : "registered",
                TriggerText.date(app.registeredAt, in: timeZone), app.pageURL ?? app.webhookURL ?? "",
            ]
        }
        return TextTable(headers: ["ID", "NAME", "KIND", "REGISTERED", "PAGE / WEBHOOK"], rows: rows).rendered
    }

    /// `herald push keys list`.
    package static func pushKeys(_ keys: [API.PushKey], timeZone: TimeZone) -> String {
        guard !keys.isEmpty else { return "No provider keys are registered.\n" }
        let rows = keys.map { key in
            [key.identifier, key.team, key.topics.joined(separator: ", "), TriggerText.date(key.addedAt, in: timeZone)]
        }
        return TextTable(headers: ["KEY", "TEAM", "TOPICS", "ADDED"], rows: rows).rendered
    }

    /// `herald push devices`.
    package static func pushDevices(_ devices: [API.PushDevice], timeZone: TimeZone) -> String {
        guard !devices.isEmpty else { return "No app is registered for remote notifications.\n" }
        let rows = devices.map { device in
            [
                device.token, device.app, device.device, TriggerText.date(device.registeredAt, in: timeZone),
                device.unregisteredAt.map { "unregistered " + TriggerText.date($0, in: timeZone) } ?? "active",
            ]
        }
        return TextTable(headers: ["TOKEN", "APP", "DEVICE", "REGISTERED", "STATE"], rows: rows).rendered
    }

    /// `herald categories list`.
    package static func categories(_ categories: [API.Category], app: String) -> String {
        guard !categories.isEmpty else { return "No categories for \(app).\n" }
        let rows = categories.map { category in
            [category.identifier, category.actions.map(action).joined(separator: ", "), category.options.joined(separator: ",")]
        }
        return TextTable(headers: ["CATEGORY", "ACTIONS", "OPTIONS"], rows: rows).rendered
    }

    /// `herald settings`.
    package static func settings(_ settings: API.Settings, app: String) -> String {
        let rows = [
            ["authorization", settings.authorizationStatus], ["alert style", settings.alertStyle],
            ["alerts", settings.alertSetting], ["sounds", settings.soundSetting], ["badges", settings.badgeSetting],
            ["notification center", settings.notificationCenterSetting],
        ]
        return TextTable(headers: ["SETTING", app], rows: rows).rendered
    }

    /// `herald clock`.
    package static func clock(_ clock: API.Clock, timeZone: TimeZone) -> String {
        "\(TriggerText.date(clock.now, in: timeZone)) (\(clock.isVirtual ? "virtual clock" : "system clock"))\n"
    }

    /// `walk-dog` “Task Reminder” as a table cell: the title, else the body.
    static func title(_ content: API.Content) -> String {
        content.title.isEmpty ? content.body : content.title
    }

    private static func action(_ action: API.Action) -> String {
        let options = action.options + (action.textInput == nil ? [] : ["text"])
        return "\(action.identifier) “\(action.title)”" + (options.isEmpty ? "" : " [\(options.joined(separator: ","))]")
    }
}
