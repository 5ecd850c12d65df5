import Foundation
import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization
import Testing
import UserNotifications

struct DelegateTests {
    private static let reminder = UNNotificationCategory(
        identifier: "reminder",
        actions: [
            UNNotificationAction(identifier: "cancel", title: "Cancel", options: [.foreground]),
            UNTextInputNotificationAction(
                identifier: "note", title: "Note", options: [], textInputButtonTitle: "Save", textInputPlaceholder: "…"),
        ],
        intentIdentifiers: [], options: [.customDismissAction])

    /// An authorized app with the reminder category, in the foreground, with `delegate`.
    private func activeApp(delegate: any UNUserNotificationCenterDelegate) async throws -> CenterFixture {
        let fixture = try await CenterFixture.authorized()
        fixture.center.delegate = delegate
        fixture.center.setNotificationCategories([Self.reminder])
        fixture.center.setApplicationActive(true)
        return fixture
    }

    private func post(_ identifier: String, on fixture: CenterFixture) async throws {
        try await fixture.center.add(
            UNNotificationRequest(identifier: identifier, content: Content.titled(identifier, category: "reminder"), trigger: nil))
    }

    /// Presentation options and what they do: shown on screen, kept in the list.
    struct Decision: Sendable, CustomTestStringConvertible {
        var options: UNNotificationPresentationOptions
        var showsOnScreen: Bool
        var isListed: Bool
        var testDescription: String { "\(options.rawValue)" }
    }

    @Test(arguments: [
        Decision(options: [.banner, .list, .sound], showsOnScreen: true, isListed: true),
        Decision(options: [.alert], showsOnScreen: true, isListed: true),
        Decision(options: [.list], showsOnScreen: false, isListed: true),
        Decision(options: [.banner], showsOnScreen: true, isListed: false),
        Decision(options: [], showsOnScreen: false, isListed: false),
    ])
    func theCompletionFormDecidesForegroundPresentation(_ decision: Decision) async throws {
        let (options, showsOnScreen, isListed) = (decision.options, decision.showsOnScreen, decision.isListed)
        let delegate = CompletionDelegate(presentation: options)
        let fixture = try await activeApp(delegate: delegate)
        try await post("a", on: fixture)

        #expect(delegate.presented.map(\.request.identifier) == ["a"])
        let onScreen = fixture.presenter.presentations.filter { $0.style != AlertStyle.none }
        #expect(onScreen.map(\.delivery.request.identifier) == (showsOnScreen ? ["a"] : []))
        #expect(try await fixture.center.throwing.deliveredNotifications().map(\.request.identifier) == (isListed ? ["a"] : []))
    }

    @Test func theAsyncFormDecidesForegroundPresentation() async throws {
        let shown = RecordingDelegate(presentation: [.banner, .list, .sound])
        let fixture = try await activeApp(delegate: shown)
        try await post("a", on: fixture)
        await fixture.center.waitForDelegateCallbacks()
        #expect(shown.presented.map(\.request.identifier) == ["a"])
        #expect(fixture.shownIdentifiers == ["a"])

        let hidden = RecordingDelegate(presentation: [])
        fixture.center.delegate = hidden
        try await post("b", on: fixture)
        await fixture.center.waitForDelegateCallbacks()
        #expect(hidden.presented.map(\.request.identifier) == ["b"])
        #expect(fixture.shownIdentifiers == ["a"])
        #expect(try await fixture.center.throwing.deliveredNotifications().map(\.request.identifier) == ["a"])
    }

    /// A presenter that takes its time, as one that talks to a desktop does.
    private final class SlowPresenter: Presenter {
        private let shown = Mutex<[String]>([])
        var identifiers: [String] { shown.withLock { $0 } }

        func present(_ presentation: Presentation) {
            Thread.sleep(forTimeInterval: 0.2)
            shown.withLock { $0.append(presentation.delivery.request.identifier) }
        }
    }

    @Test("waiting for the delegate's callbacks waits for what its answer does, however long the presenters take")
    func theWaitCoversTheAnswer() async throws {
        let shown = RecordingDelegate(presentation: [.banner, .list])
        let fixture = try await activeApp(delegate: shown)
        let slow = SlowPresenter()
        let added = fixture.engine.addPresenter(slow)
        defer { added.dispose() }
        try await post("a", on: fixture)
        await fixture.center.waitForDelegateCallbacks()
        #expect(shown.presented.map(\.request.identifier) == ["a"])
        #expect(slow.identifiers == ["a"])
    }

    @Test func aDelegateThatNeverAnswersTimesOutAsNotShown() async throws {
        let delegate = CompletionDelegate(presentation: nil)
        let fixture = try await activeApp(delegate: delegate)
        try await post("a", on: fixture)
        #expect(delegate.presented.count == 1)

        fixture.scheduler.advance(by: 30)
        #expect(fixture.shownIdentifiers.isEmpty)
        #expect(try await fixture.center.throwing.deliveredNotifications().isEmpty)
        delegate.answerHeldPresentations(with: [.banner, .list])
        #expect(fixture.shownIdentifiers.isEmpty)
    }

    @Test func aLateAnswerBeforeTheTimeoutCounts() async throws {
        let delegate = CompletionDelegate(presentation: nil)
        let fixture = try await activeApp(delegate: delegate)
        try await post("a", on: fixture)
        fixture.scheduler.advance(by: 10)
        delegate.answerHeldPresentations(with: [.banner, .list])
        delegate.answerHeldPresentations(with: [])
        #expect(fixture.shownIdentifiers == ["a"])
        #expect(try await fixture.center.throwing.deliveredNotifications().map(\.request.identifier) == ["a"])
    }

    @Test func responsesReachTheCompletionForm() async throws {
        let delegate = CompletionDelegate(presentation: [.banner, .list])
        let fixture = try await activeApp(delegate: delegate)
        for identifier in ["tap", "cancel", "note", "dismiss"] { try await post(identifier, on: fixture) }

        try await fixture.respond(to: "tap", with: UNNotificationDefaultActionIdentifier)
        try await fixture.respond(to: "cancel", with: "cancel")
        try await fixture.respond(to: "note", with: "note", text: "buy treats")
        try await fixture.respond(to: "dismiss", with: UNNotificationDismissActionIdentifier)

        let received = delegate.received
        #expect(received.map(\.notification.request.identifier) == ["tap", "cancel", "note", "dismiss"])
        #expect(received.map(\.actionIdentifier) == [
            UNNotificationDefaultActionIdentifier, "cancel", "note", UNNotificationDismissActionIdentifier,
        ])
        #expect((received[2] as? UNTextInputNotificationResponse)?.userText == "buy treats")
        #expect(!(received[1] is UNTextInputNotificationResponse))
        #expect(received[0].notification.date == CenterFixture.start)
    }

    @Test func responsesReachTheAsyncForm() async throws {
        let delegate = RecordingDelegate(presentation: [.list])
        let fixture = try await activeApp(delegate: delegate)
        try await post("a", on: fixture)
        try await fixture.respond(to: "a", with: "note", text: "later")
        await fixture.center.waitForDelegateCallbacks()
        #expect((delegate.received.first as? UNTextInputNotificationResponse)?.userText == "later")
    }

    @Test func aDismissalIsReportedOnlyForCategoriesThatAskForIt() async throws {
        let delegate = CompletionDelegate(presentation: [.list])
        let fixture = try await activeApp(delegate: delegate)
        fixture.center.setNotificationCategories([
            UNNotificationCategory(identifier: "reminder", actions: [], intentIdentifiers: [], options: [])
        ])
        try await post("a", on: fixture)
        try await fixture.respond(to: "a", with: UNNotificationDismissActionIdentifier)
        #expect(delegate.received.isEmpty)
    }

    @Test func responsesGivenWithoutADelegateWaitForOne() async throws {
        let fixture = try await CenterFixture.authorized()
        fixture.center.setNotificationCategories([Self.reminder])
        try await post("a", on: fixture)
        try await fixture.respond(to: "a", with: "cancel")

        let delegate = CompletionDelegate(presentation: [])
        fixture.center.delegate = delegate
        _ = try await fixture.center.throwing.pendingNotificationRequests()
        #expect(delegate.received.map(\.actionIdentifier) == ["cancel"])
    }

    @Test func clearingTheDelegateDisconnects() async throws {
        let delegate = CompletionDelegate(presentation: [.banner, .list])
        let fixture = try await activeApp(delegate: delegate)
        fixture.center.delegate = nil
        try await post("a", on: fixture)

        #expect(delegate.presented.isEmpty)
        #expect(fixture.shownIdentifiers.isEmpty)
        #expect(fixture.center.delegate == nil)
    }

    @Test func aForegroundNotificationWithoutADelegateIsNeitherShownNorListed() async throws {
        let fixture = try await CenterFixture.authorized()
        fixture.center.setNotificationCategories([Self.reminder])
        fixture.center.setApplicationActive(true)
        try await fixture.center.add(UNNotificationRequest(
            identifier: "a", content: Content.titled("a", category: "reminder"),
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)))

        fixture.scheduler.advance(by: 120)

        #expect(fixture.shownIdentifiers.isEmpty)
        #expect(try await fixture.center.throwing.deliveredNotifications().isEmpty)
        #expect(try await fixture.center.throwing.pendingNotificationRequests().map(\.identifier) == ["a"], "it keeps repeating")
    }

    @Test func theDelegateIsHeldWeakly() async throws {
        let fixture = try await CenterFixture.authorized()
        var delegate: CompletionDelegate? = CompletionDelegate(presentation: [.banner])
        fixture.center.delegate = delegate
        #expect(fixture.center.delegate === delegate)
        delegate = nil
        #expect(fixture.center.delegate == nil)
    }

    @Test func anAuthenticationRequiredActionNeedsAnAuthenticatedUser() async throws {
        let delegate = CompletionDelegate(presentation: [.list])
        let fixture = try await activeApp(delegate: delegate)
        fixture.center.setNotificationCategories([
            UNNotificationCategory(
                identifier: "reminder",
                actions: [UNNotificationAction(identifier: "pay", title: "Pay", options: [.authenticationRequired])],
                intentIdentifiers: [])
        ])
        try await post("a", on: fixture)
        await #expect(throws: NotificationError.self) {
            try await fixture.respond(to: "a", with: "pay", authenticated: false)
        }
        #expect(delegate.received.isEmpty)
        try await fixture.respond(to: "a", with: "pay", authenticated: true)
        #expect(delegate.received.map(\.actionIdentifier) == ["pay"])
    }
}
