import Foundation
import Synchronization
import UserNotifications

/// A delegate written in the `async` form that answers `willPresent` with fixed
/// options and records what it is handed.
final class RecordingDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    private struct State {
        var presented: [UNNotification] = []
        var received: [UNNotificationResponse] = []
    }

    private let presentation: UNNotificationPresentationOptions
    private let state = Mutex(State())

    init(presentation: UNNotificationPresentationOptions) {
        self.presentation = presentation
    }

    /// The notifications it was asked about, in order.
    var presented: [UNNotification] { state.withLock { $0.presented } }
    /// The responses it received, in order.
    var received: [UNNotificationResponse] { state.withLock { $0.received } }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        state.withLock { $0.presented.append(notification) }
        return presentation
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        state.withLock { $0.received.append(response) }
    }
}

/// A delegate written in Apple's completion-handler form; it can keep a
/// completion handler without calling it, to be called later or never.
final class CompletionDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    private struct State {
        var presented: [UNNotification] = []
        var received: [UNNotificationResponse] = []
        var heldPresentations: [@Sendable (UNNotificationPresentationOptions) -> Void] = []
    }

    private let presentation: UNNotificationPresentationOptions?
    private let state = Mutex(State())

    /// Answers `willPresent` with `presentation` at once; `nil` keeps the handler.
    init(presentation: UNNotificationPresentationOptions?) {
        self.presentation = presentation
    }

    var presented: [UNNotification] { state.withLock { $0.presented } }
    var received: [UNNotificationResponse] { state.withLock { $0.received } }

    /// Calls the kept `willPresent` handlers with `options`.
    func answerHeldPresentations(with options: UNNotificationPresentationOptions) {
        let held = state.withLock { $0.heldPresentations }
        held.forEach { $0(options) }
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        state.withLock { state in
            state.presented.append(notification)
            if presentation == nil { state.heldPresentations.append(completionHandler) }
        }
        if let presentation { completionHandler(presentation) }
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        state.withLock { $0.received.append(response) }
        completionHandler()
    }
}
