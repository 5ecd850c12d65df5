import Foundation
import NotificationModel
import Signals
import Synchronization

extension UNUserNotificationCenter {
    /// The class of the app's notification service extension, which changes the
    /// content of `mutable-content` pushes before they are shown; `nil` (the
    /// default) for none. A Herald addition: iOS finds the class in the
    /// extension's `Info.plist` (`NSExtensionPrincipalClass`).
    ///
    /// ```swift
    /// UNUserNotificationCenter.current().serviceExtensionClass = NotificationService.self
    /// ```
    ///
    /// Setting it takes effect in order with the center's other calls, so a call
    /// made after it (any query) returns once pushes go through the extension.
    /// Herald makes an instance of the class for each push, in this process:
    /// with the engine in process, the engine hands it the push; over the
    /// daemon's HTTP API (`HeraldClient`'s `RemoteNotificationService`), the
    /// daemon does, while this process is connected to it, and shows a push that
    /// comes while it is not as it came. A service that can run none fails with
    /// ``UNError/Code/remoteNotificationsUnavailable``, reported on ``errors``.
    public var serviceExtensionClass: UNNotificationServiceExtension.Type? {
        get { serviceExtension.withLock { $0.extensionClass?.value } }
        set {
            let reference = newValue.map(ServiceExtensionClass.init)
            let generation = serviceExtension.withLock { state in
                state.extensionClass = reference
                state.generation &+= 1
                return state.generation
            }
            perform("setting the service extension") { [self] in try await connectServiceExtension(reference, generation) }
        }
    }

    private func connectServiceExtension(_ reference: ServiceExtensionClass?, _ generation: UInt64) async throws {
        serviceExtension.withLock { state in defer { state.disposable = nil }; return state.disposable }?.dispose()
        guard let reference else { return }
        guard let host = service as? any ServiceExtensionHost else {
            throw NotificationError(
                .remoteNotificationsUnavailable,
                "this notification service cannot run a service extension: use the engine in process or the daemon's HTTP API")
        }
        let (bundle, logger) = (localizationBundle, logger)
        let disposable = try await host.connectServiceExtension(
            { ServiceExtensionBridge(reference.value, localizationBundle: bundle, logger: logger) }, for: app)
        let current = serviceExtension.withLock { state in
            guard state.generation == generation else { return false }
            state.disposable = disposable
            return true
        }
        if !current { disposable.dispose() }
    }

    /// The extension's class and the engine connection that serves it.
    struct ServiceExtensionConnection {
        var extensionClass: ServiceExtensionClass?
        var generation: UInt64 = 0
        var disposable: (any Disposable)?
    }

    /// A class of ``UNNotificationServiceExtension``, handed between threads:
    /// the class itself holds no state.
    struct ServiceExtensionClass: @unchecked Sendable {
        let value: UNNotificationServiceExtension.Type
    }
}
