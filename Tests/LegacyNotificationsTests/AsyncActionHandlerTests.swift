import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import Signals
import Testing

/// The `async` forms of the action handlers (iOS 15's import of iOS 8's methods):
/// an app that implements only one of them gets the action, with its typed text.
@Suite("Async action handlers", .offThePool)
struct AsyncActionHandlerTests {
    final class AsyncWithInfo: NSObject, UIApplicationDelegate, Sendable {
        let (handled, handling) = AsyncStream.makeStream(of: String.self)

        func application(
            _ application: UIApplication, handleActionWithIdentifier identifier: String?,
            for notification: UILocalNotification, withResponseInfo responseInfo: [AnyHashable: Any]
        ) async {
            let text = responseInfo[UIUserNotificationActionResponseTypedTextKey] as? String ?? "-"
            handling.yield("\(identifier ?? "") \(text)")
        }
    }

    final class AsyncPlain: NSObject, UIApplicationDelegate, Sendable {
        let (handled, handling) = AsyncStream.makeStream(of: String.self)

        func application(
            _ application: UIApplication, handleActionWithIdentifier identifier: String?,
            for notification: UILocalNotification
        ) async {
            handling.yield("\(identifier ?? "") for \(notification.alertBody ?? "")")
        }
    }

    /// A notification of the message category arrives and the user answers it with `action`.
    static func answerAMessage(with action: String, text: String? = nil, delegate: any UIApplicationDelegate) async throws {
        let fixture = try LegacyFixture()
        fixture.application.delegate = delegate
        try await fixture.register([try UIApplicationDeliveryTests.category()])
        let notification = LegacyFixture.notification("Hello", at: LegacyFixture.start.addingTimeInterval(60))
        notification.category = "message"
        fixture.application.scheduleLocalNotification(notification)
        fixture.scheduler.advance(by: 60)
        try await fixture.respondToLastShown(with: action, text: text, authenticated: false)
    }

    @Test("The async form with response info gets the typed text")
    func withResponseInfo() async throws {
        let delegate = AsyncWithInfo()
        try await Self.answerAMessage(with: "reply", text: "On my way", delegate: delegate)
        var handled = delegate.handled.makeAsyncIterator()
        #expect(await handled.next() == "reply On my way")
    }

    @Test("The plain async form gets the action")
    func plain() async throws {
        let delegate = AsyncPlain()
        try await Self.answerAMessage(with: "later", delegate: delegate)
        var handled = delegate.handled.makeAsyncIterator()
        #expect(await handled.next() == "later for Hello")
    }
}
