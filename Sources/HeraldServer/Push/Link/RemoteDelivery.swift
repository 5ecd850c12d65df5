import Foundation
import PushService

/// How the push service hands an accepted push to a device on another machine: into
/// the device's queue, kept before the provider is answered, then down its link if
/// this node holds it. Pushes for this machine go to `local`.
enum RemoteDelivery {
    static func to(
        _ queues: any DeviceQueueStore, links: DeviceLinks, now: @escaping @Sendable () -> Date,
        else local: @escaping ProviderEndpoint.Deliver
    ) -> ProviderEndpoint.Deliver {
        { notification, registration, headers in
            guard registration.device != DeviceRegistration.localDevice else {
                try await local(notification, registration, headers)
                return
            }
            let device = registration.device
            let outcome = try await queues.enqueue(
                device: device, app: registration.app, notification: notification, expiration: headers.expiration,
                isConnected: links.isConnected(device), now: now())
            switch outcome {
            case .queued, .replaced, .superseded: links.wake(device)
            // Accepted and dropped, as APNs does with a push that cannot be delivered in time.
            case .notConnected, .expired: break
            }
        }
    }
}
