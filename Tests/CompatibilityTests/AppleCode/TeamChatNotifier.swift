// An iOS 15+ team chat app's notifications, in its Swift 5 spelling: a message
// category with a summary format (iOS 12), messages with an interruption level,
// a relevance score, a Focus filter criterion and summary arguments (iOS 15),
// and the settings screen reading whether time-sensitive notifications and the
// scheduled summary are on. Compiled unchanged but for the center handed in
// where iOS code calls `UNUserNotificationCenter.current()` (this test process
// has many apps).
import Foundation
import UserNotifications

final class TeamChatNotifier {
    static let messageCategory = "TEAM_MESSAGE"
    static let replyAction = "REPLY"

    let center: UNUserNotificationCenter

    init(center: UNUserNotificationCenter) {
        self.center = center
    }

    func requestPermission(completion: @escaping (Bool) -> Void) {
        center.requestAuthorization(options: [.alert, .sound, .badge]) { granted, _ in
            completion(granted)
        }
    }

    func registerCategories() {
        let reply = UNTextInputNotificationAction(
            identifier: TeamChatNotifier.replyAction, title: "Reply", options: [],
            textInputButtonTitle: "Send", textInputPlaceholder: "Message")
        let message = UNNotificationCategory(
            identifier: TeamChatNotifier.messageCategory, actions: [reply], intentIdentifiers: [],
            hiddenPreviewsBodyPlaceholder: "%u new messages",
            categorySummaryFormat: "%u more messages from %@", options: [])
        center.setNotificationCategories([message])
    }

    /// A message from `sender` in `channel`; an urgent one is time-sensitive, a
    /// mention is more relevant than chatter.
    func notify(
        id: String, sender: String, channel: String, text: String, urgent: Bool = false, mention: Bool = false,
        after seconds: TimeInterval, completion: ((Error?) -> Void)? = nil
    ) {
        let content = UNMutableNotificationContent()
        content.title = sender
        content.subtitle = "#\(channel)"
        content.body = text
        content.sound = .default
        content.categoryIdentifier = TeamChatNotifier.messageCategory
        content.threadIdentifier = channel
        content.interruptionLevel = urgent ? .timeSensitive : .active
        content.relevanceScore = mention ? 0.8 : 0.2
        content.filterCriteria = channel == "incidents" ? "work" : nil
        content.summaryArgument = sender
        content.summaryArgumentCount = 1

        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: false)
        let request = UNNotificationRequest(identifier: id, content: content, trigger: trigger)
        center.add(request) { error in
            if let error = error {
                print("Could not schedule \(id): \(error.localizedDescription)")
            }
            completion?(error)
        }
    }

    /// What the app's settings screen says about urgent messages and the summary.
    func describeDelivery(completion: @escaping ([String]) -> Void) {
        center.getNotificationSettings { settings in
            var lines: [String] = []
            switch settings.timeSensitiveSetting {
            case .enabled: lines.append("Urgent messages break through Focus")
            case .disabled: lines.append("Urgent messages wait like the others")
            case .notSupported: lines.append("Time-sensitive notifications are not supported")
            @unknown default: lines.append("Unknown time-sensitive setting")
            }
            switch settings.scheduledDeliverySetting {
            case .enabled: lines.append("Messages arrive in your scheduled summary")
            case .disabled: lines.append("Messages arrive right away")
            case .notSupported: lines.append("The scheduled summary is not supported")
            @unknown default: lines.append("Unknown scheduled delivery setting")
            }
            completion(lines)
        }
    }
}
