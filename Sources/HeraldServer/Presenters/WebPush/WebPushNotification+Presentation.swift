import Foundation
import HeraldAPI
import NotificationEngine
import PushService

extension API.WebPushNotification {
    /// What a browser shows of `presentation`, as JSON that fits one push
    /// (``WebPushEncryption/maximumPlaintextSize``): the body is cut, at a character,
    /// where the whole would not fit.
    static func json(of presentation: Presentation, appName: String, answerKey: String) throws -> Data {
        let delivery = presentation.delivery
        let content = delivery.request.content
        var notification = API.WebPushNotification(
            delivery: delivery.id.description, app: delivery.app.rawValue, appName: appName, title: content.title,
            subtitle: content.subtitle, body: content.body, tag: tag(app: delivery.app.rawValue, request: delivery.request.identifier),
            date: delivery.date, interruptionLevel: content.interruptionLevel.rawValue, sound: presentation.sound != nil,
            actions: presentation.bannerActions.map(API.Action.init), reportsDismissal: presentation.reportsDismissal,
            answerKey: answerKey)
        var json = try API.encoder().encode(notification)
        while json.count > WebPushEncryption.maximumPlaintextSize, !notification.body.isEmpty {
            let over = json.count - WebPushEncryption.maximumPlaintextSize
            notification.body = String(notification.body.dropLast(max(over / 4, 1)))
            notification.isTruncated = true
            json = try API.encoder().encode(notification)
        }
        return json
    }

    /// The tag and `Topic` of a request's notifications: a newer delivery of the same
    /// request replaces an older one, waiting at the push service or shown.
    static func tag(app: String, request: String) -> String {
        WebPushMessage.topic(for: app + "\n" + request)
    }
}
