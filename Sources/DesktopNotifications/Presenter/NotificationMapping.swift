import Foundation
package import NotificationEngine

/// Turns a ``Presentation`` into the `Notify` call that shows it on the desktop.
///
/// - The title is the summary; the subtitle opens the body, in bold when the server
///   reads markup, as iOS shows it under the title. Without a title the subtitle,
///   else the app's name, is the summary.
/// - Text is escaped for servers with `body-markup`, and sent as it is otherwise.
/// - An alert shows all the category's actions and stays until answered; a banner
///   shows its banner actions and expires as the server decides.
/// - `default` (a click on the body) is always offered; the first text-input action
///   becomes KDE's `inline-reply` where the server has it.
/// - Without `actions`, the body says where to answer.
package struct NotificationMapping: Sendable {
    /// The key of the action a click on the body invokes.
    package static let defaultKey = "default"
    /// The key of KDE's inline reply field.
    package static let inlineReplyKey = "inline-reply"

    /// What the server can show.
    package var capabilities: Set<String>
    /// Where the web notification center is, for a server that shows no actions.
    package var centerURL: String?

    package init(capabilities: Set<String>, centerURL: String?) {
        self.capabilities = capabilities
        self.centerURL = centerURL
    }

    /// The call that shows `presentation` of `app`, replacing the server's
    /// notification `replacing` (0 for none).
    package func request(for presentation: Presentation, app: DesktopApp, replacing: UInt32, imagePath: String?) -> NotifyRequest {
        let content = presentation.delivery.request.content
        let (summary, subtitle) = Self.summary(title: content.title, subtitle: content.subtitle, appName: app.name)
        var hints: [String: DBusValue] = [
            "desktop-entry": .string(app.desktopEntry),
            "urgency": .byte(presentation.breaksThrough ? 2 : Self.urgency(content.interruptionLevel)),
        ]
        hints.merge(Self.soundHints(presentation.sound)) { _, new in new }
        if let imagePath { hints["image-path"] = .string(imagePath) }
        let actions = actions(for: presentation, hints: &hints)
        return NotifyRequest(
            appName: app.name, replacesID: replacing, appIcon: app.icon ?? "", summary: summary,
            body: body(subtitle: subtitle, body: content.body, answerable: !presentation.shownActions.isEmpty),
            actions: actions, hints: hints, expireTimeout: presentation.style == .alert ? 0 : -1)
    }

    /// The most groups a summary's notification lists; the rest are counted.
    static let summaryLines = 5

    /// The call that shows the scheduled summary: one line per app and thread, most
    /// relevant first, each with its summary text and its most relevant title; a
    /// click opens the web center's summary card. `names` gives the apps' names.
    package func request(for summary: NotificationSummary, names: [AppIdentifier: String]) -> NotifyRequest {
        let markup = capabilities.contains("body-markup")
        var lines = summary.groups.prefix(Self.summaryLines).map { group in
            let name = names[group.app] ?? group.app.rawValue
            let title = group.presentations.first?.delivery.request.content.title ?? ""
            let text = title.isEmpty ? group.text : group.text + " — " + title
            return markup ? "<b>\(Self.escaped(name))</b>: \(Self.escaped(text))" : "\(name): \(text)"
        }
        if summary.groups.count > Self.summaryLines {
            lines.append("and \(summary.groups.count - Self.summaryLines) more in the Herald notification center")
        }
        let count = summary.presentations.count
        return NotifyRequest(
            appName: "Herald", replacesID: 0, appIcon: "", summary: "Scheduled Summary: \(count) notification\(count == 1 ? "" : "s")",
            body: lines.joined(separator: "\n"), actions: capabilities.contains("actions") ? [Self.defaultKey, "Open"] : [],
            hints: ["urgency": .byte(1), "suppress-sound": .boolean(true)], expireTimeout: -1)
    }

    /// The action a key names: the text-input action behind `inline-reply`, or the
    /// action whose identifier is the key.
    package func action(forKey key: String, in presentation: Presentation) -> NotificationAction? {
        let shown = presentation.shownActions
        if key == Self.inlineReplyKey, capabilities.contains(Self.inlineReplyKey) {
            return shown.first { $0.textInput != nil }
        }
        return shown.first { Self.key(for: $0) == key }
    }

    /// The action's key: its identifier, unless that is one of the two the spec reserves.
    static func key(for action: NotificationAction) -> String {
        [defaultKey, inlineReplyKey].contains(action.identifier) ? "x-herald-action:" + action.identifier : action.identifier
    }

    private func actions(for presentation: Presentation, hints: inout [String: DBusValue]) -> [String] {
        guard capabilities.contains("actions") else { return [] }
        var actions = [Self.defaultKey, "Open"]
        var replyTaken = !capabilities.contains(Self.inlineReplyKey)
        for action in presentation.shownActions {
            if let input = action.textInput, !replyTaken {
                replyTaken = true
                actions += [Self.inlineReplyKey, action.title]
                hints["x-kde-reply-placeholder-text"] = .string(input.placeholder)
                hints["x-kde-reply-submit-button-text"] = .string(input.buttonTitle)
            } else {
                actions += [Self.key(for: action), action.title]
            }
        }
        return actions
    }

    static func summary(title: String, subtitle: String, appName: String) -> (String, subtitle: String) {
        if !title.isEmpty { return (title, subtitle) }
        if !subtitle.isEmpty { return (subtitle, "") }
        return (appName, "")
    }

    private func body(subtitle: String, body: String, answerable: Bool) -> String {
        let markup = capabilities.contains("body-markup")
        var lines: [String] = []
        if !subtitle.isEmpty { lines.append(markup ? "<b>\(Self.escaped(subtitle))</b>" : subtitle) }
        if !body.isEmpty { lines.append(markup ? Self.escaped(body) : body) }
        if answerable, !capabilities.contains("actions"), let centerURL {
            lines.append("Answer in the Herald notification center: " + (markup ? Self.escaped(centerURL) : centerURL))
        }
        return lines.joined(separator: "\n")
    }

    /// `text` with the characters the markup gives a meaning escaped.
    static func escaped(_ text: String) -> String {
        MarkupText.escaped(text)
    }

    /// The spec's urgency: 0 low (passive), 1 normal, 2 critical. A presentation that
    /// breaks through a Focus or Do Not Disturb is sent with 2, which GNOME and KDE
    /// show even in Do Not Disturb.
    static func urgency(_ level: NotificationContent.InterruptionLevel) -> UInt8 {
        switch level {
        case .passive: 0
        case .active, .timeSensitive: 1
        case .critical: 2
        }
    }

    /// The sound hints: a themed sound for the default (the sound naming spec's
    /// `message-new-instant`, `dialog-warning` for a critical one), the named sound,
    /// or silence.
    static func soundHints(_ sound: NotificationSound?) -> [String: DBusValue] {
        guard let sound else { return ["suppress-sound": .boolean(true)] }
        if let name = sound.name {
            return name.hasPrefix("/") ? ["sound-file": .string(name)] : ["sound-name": .string(themedName(name))]
        }
        return ["sound-name": .string(sound.kind == .critical ? "dialog-warning" : "message-new-instant")]
    }

    /// A sound file's name without its extension, as sound themes name sounds.
    private static func themedName(_ name: String) -> String {
        let url = URL(fileURLWithPath: name)
        return url.pathExtension.isEmpty ? name : url.deletingPathExtension().lastPathComponent
    }
}

extension Presentation {
    /// The actions on screen: all of them for an alert, the banner's for a banner.
    package var shownActions: [NotificationAction] {
        style == .alert ? actions : bannerActions
    }
}
