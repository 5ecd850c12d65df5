import Foundation
package import HeraldAPI
import NotificationModel

/// `herald schedule`'s content options.
package struct ContentSpec: Hashable, Sendable {
    package var title = ""
    package var subtitle = ""
    package var body = ""
    /// `--category`: the category whose actions it offers.
    package var category: String?
    /// `--sound`: `default`, `none` or a sound's name.
    package var sound: String?
    /// `--badge`: the app's badge after delivery, ≥ 0.
    package var badge: Int?
    /// `--data`: a JSON object, the `userInfo`.
    package var data: String?
    /// `--thread`: the thread identifier.
    package var thread: String?

    package init() {}

    /// The content, checked.
    package func content() throws(CommandLineError) -> API.Content {
        if let badge, badge < 0 { throw CommandLineError("--badge must be 0 (clear) or more, not \(badge)") }
        return API.Content(
            title: title, subtitle: subtitle, body: body, badge: badge, sound: sound == "none" ? nil : sound,
            userInfo: try userInfo(), categoryIdentifier: category ?? "", threadIdentifier: thread ?? "")
    }

    private func userInfo() throws(CommandLineError) -> [String: JSONValue] {
        guard let data else { return [:] }
        guard let object = try? JSONDecoder().decode([String: JSONValue].self, from: Data(data.utf8)) else {
            throw CommandLineError(#"--data must be a JSON object, such as '{"UUID": "5F1D"}'"#)
        }
        return object
    }
}
