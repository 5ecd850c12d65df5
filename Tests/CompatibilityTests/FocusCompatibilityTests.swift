import Foundation
import NotificationEngine
import Testing
import UserNotifications

/// iOS 15+ code using interruption levels, relevance scores, Focus filter criteria and
/// the summary formats (`AppleCode/TeamChatNotifier.swift`), compiled unchanged in
/// Swift 5 mode, run against the engine on virtual time with the person's Focus and
/// summary set on the engine behind the center.
@Suite("Apple's iOS 15 Focus and summary code runs unchanged")
struct FocusCompatibilityTests {
    static let app = "com.example.teamchat"
    /// 08:00 UTC on the harness's first day (it starts at 06:13:20 UTC).
    static let eight = Harness.start.addingTimeInterval(6_400)

    private func notifier(_ harness: Harness) async throws -> TeamChatNotifier {
        let center = UNUserNotificationCenter(appIdentifier: Self.app, service: harness.engine)
        let notifier = TeamChatNotifier(center: center)
        let granted = await withCheckedContinuation { continuation in
            notifier.requestPermission { continuation.resume(returning: $0) }
        }
        #expect(granted)
        notifier.registerCategories()
        _ = await center.notificationCategories()  // in order after the call above
        return notifier
    }

    private func post(
        _ notifier: TeamChatNotifier, _ id: String, sender: String, channel: String, urgent: Bool = false,
        mention: Bool = false, after seconds: TimeInterval
    ) async throws {
        let error: Error? = await withCheckedContinuation { continuation in
            notifier.notify(
                id: id, sender: sender, channel: channel, text: "Message \(id)", urgent: urgent, mention: mention,
                after: seconds) { continuation.resume(returning: $0) }
        }
        #expect(error == nil)
    }

    private func describe(_ notifier: TeamChatNotifier) async -> [String] {
        await withCheckedContinuation { continuation in notifier.describeDelivery { continuation.resume(returning: $0) } }
    }

    @Test("During a Focus: the time-sensitive message breaks through, an active one is quiet, one the Focus's filter lets through is shown")
    func focus() async throws {
        let harness = try Harness()
        let notifier = try await notifier(harness)
        try harness.engine.updateQuietSettings(QuietSettings(
            focusModes: [FocusMode(identifier: "work", name: "Work", allowedApps: [Self.app: .criteria(["work"])])],
            override: .init(focus: "work")))
        try await post(notifier, "chatter", sender: "Anna", channel: "general", after: 10)
        try await post(notifier, "outage", sender: "Ben", channel: "general", urgent: true, after: 20)
        try await post(notifier, "incident", sender: "Cleo", channel: "incidents", after: 30)
        harness.scheduler.advance(by: 30)

        let looks = harness.presenter.presentations.map {
            "\($0.delivery.request.identifier) \($0.style) \($0.sound == nil ? "silent" : "sound")"
                + ($0.breaksThrough ? " through" : "")
        }
        #expect(looks == ["chatter none silent", "outage banner sound through", "incident banner sound"])
        #expect(await describe(notifier) == ["Urgent messages break through Focus", "Messages arrive right away"])

        try harness.engine.updatePreferences(for: AppIdentifier(Self.app)) { $0.timeSensitiveEnabled = false }
        try await post(notifier, "second-outage", sender: "Ben", channel: "general", urgent: true, after: 10)
        harness.scheduler.advance(by: 10)
        #expect(harness.presenter.presentations.last.map { "\($0.style) \($0.breaksThrough)" } == "none false")
        #expect(await describe(notifier) == ["Urgent messages wait like the others", "Messages arrive right away"])
    }

    @Test("With the app in the summary: its messages arrive together at the summary time, most relevant first, with the category's summary format")
    func summary() async throws {
        let harness = try Harness()
        let notifier = try await notifier(harness)
        try harness.engine.updateQuietSettings(
            QuietSettings(summaryTimes: [TimeOfDay("08:00")!, TimeOfDay("18:00")!]))
        try harness.engine.updatePreferences(for: AppIdentifier(Self.app)) { $0.inScheduledSummary = true }
        #expect(await describe(notifier) == ["Urgent messages break through Focus", "Messages arrive in your scheduled summary"])

        try await post(notifier, "a1", sender: "Anna", channel: "general", after: 60)
        try await post(notifier, "c1", sender: "Cleo", channel: "random", after: 120)
        try await post(notifier, "b1", sender: "Ben", channel: "general", mention: true, after: 180)
        try await post(notifier, "a2", sender: "Anna", channel: "general", after: 240)
        try await post(notifier, "urgent", sender: "Ben", channel: "general", urgent: true, after: 300)
        harness.scheduler.advance(by: 300)
        #expect(harness.shown(of: Self.app) == ["urgent"], "time-sensitive skips the summary")
        harness.scheduler.advance(to: Self.eight.addingTimeInterval(-1))
        #expect(harness.presenter.summaries.isEmpty)

        harness.scheduler.advance(to: Self.eight)
        #expect(harness.presenter.summaries.count == 1)
        let summary = try #require(harness.presenter.summaries.first)
        #expect(summary.date == Self.eight)
        #expect(summary.groups.map(\.threadIdentifier) == ["general", "random"])
        #expect(summary.presentations.map(\.delivery.request.identifier) == ["b1", "a1", "a2", "c1"])
        #expect(summary.groups.map(\.text) == ["3 more messages from Ben and Anna", "1 more messages from Cleo"])
        harness.scheduler.advance(by: 86_400)
        #expect(harness.presenter.summaries.count == 1, "never twice")
        #expect(harness.shown(of: Self.app) == ["urgent"])
    }
}
