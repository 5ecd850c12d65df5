import Foundation
import HeraldAPI
import NotificationModel

// The daemon's answers as the engine's values, for `RemoteNotificationService`.

extension API.Delivery {
    /// The engine's delivery, with the category it was made with (`nil` from a
    /// daemon that does not send it).
    func engineDelivery() throws -> Delivery {
        guard let deliveryID = DeliveryID(id) else {
            throw HeraldClientError(.invalidResponse, "the daemon sent a delivery id “\(id)” that is not a UUID")
        }
        return Delivery(
            id: deliveryID, app: AppIdentifier(app), request: try request.engineValue(), scheduledDate: scheduledDate,
            date: date, isLate: isLate, category: try category?.engineValue())
    }
}

extension API.PendingRequest {
    /// The engine's pending request.
    func enginePendingRequest() throws -> PendingRequest {
        PendingRequest(request: try request.engineValue(), nextFireDate: nextFireDate, addedDate: addedDate)
    }
}

extension API.Response {
    /// The engine's response.
    func engineResponse() throws -> NotificationResponse {
        NotificationResponse(
            delivery: try delivery.engineDelivery(), actionIdentifier: actionIdentifier, userText: userText, date: date)
    }
}

extension API.Settings {
    /// The engine's settings.
    func engineSettings() throws -> NotificationSettings {
        NotificationSettings(
            authorizationStatus: try Self.value(authorizationStatus), alertStyle: try Self.value(alertStyle),
            alertSetting: try Self.value(alertSetting), soundSetting: try Self.value(soundSetting),
            badgeSetting: try Self.value(badgeSetting),
            notificationCenterSetting: try Self.value(notificationCenterSetting),
            criticalAlertSetting: try criticalAlertSetting.map { try Self.value($0) } ?? .notSupported,
            timeSensitiveSetting: try timeSensitiveSetting.map { try Self.value($0) } ?? .notSupported,
            scheduledDeliverySetting: try scheduledDeliverySetting.map { try Self.value($0) } ?? .notSupported,
            providesAppNotificationSettings: providesAppNotificationSettings ?? false)
    }

    private static func value<T: RawRepresentable<String>>(_ name: String) throws -> T {
        guard let value = T(rawValue: name) else {
            throw HeraldClientError(.invalidResponse, "the daemon sent “\(name)”, which is not a \(T.self)")
        }
        return value
    }
}
