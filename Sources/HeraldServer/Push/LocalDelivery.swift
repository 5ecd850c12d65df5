import Logging
import NotificationEngine
import PushService

/// How the daemon's push service hands an accepted push to a device: on this
/// machine, to the engine beside it, which shows it as it shows a local
/// notification (presenters, actions, responses back to the app).
enum LocalDelivery {
    /// The push service's delivery to `engine`. Pushes that arrive while the engine
    /// is busy go to it together (``GroupCommitQueue``), their alerts added in one
    /// store transaction, each with its own result.
    static func to(_ engine: NotificationEngine) -> ProviderEndpoint.Deliver {
        let pushes = GroupCommitQueue<NotificationEngine.GroupedPush, RemoteDeliveryResult>(label: "herald.pushes") {
            engine.deliverRemoteEach($0)
        }
        return { notification, registration, _ in
            guard registration.device == DeviceRegistration.localDevice else {
                // A device of another machine: reached through its link to this service,
                // which this node does not hold.
                throw APNsRefusal(.serviceUnavailable, "device \(registration.device) is not connected to this node")
            }
            let app = AppIdentifier(registration.app)
            guard !notification.isMutableContent else {
                // The app's service extension may take 30 s with it, as on a device after APNs
                // answered: the provider is answered now, and the device shows what comes of it.
                Task { await deliverLater(notification, for: app, to: engine) }
                return
            }
            do {
                // The device is this machine, always reached: no push waits, whatever its expiration.
                _ = try await pushes.submit(NotificationEngine.GroupedPush(notification, for: app))
            } catch let error as NotificationError {
                throw refusal(for: error)
            }
        }
    }

    private static func deliverLater(
        _ notification: RemoteNotification, for app: AppIdentifier, to engine: NotificationEngine
    ) async {
        do {
            _ = try await engine.deliverRemoteNotification(notification, for: app)
        } catch {
            Logger(label: "herald.push").error("push \(notification.id) for \(app) was not shown: \(error)")
        }
    }

    /// APNs' answer to a push the device's engine refused.
    static func refusal(for error: NotificationError) -> APNsRefusal {
        switch error.code {
        case .payloadTooLarge, .invalidPayload: APNsRefusal(.payloadTooLarge, error.message)
        case .invalidAppIdentifier: APNsRefusal(.badTopic, error.message)
        case .serviceUnavailable: APNsRefusal(.serviceUnavailable, error.message)
        default: APNsRefusal(.internalServerError, error.message)
        }
    }
}
