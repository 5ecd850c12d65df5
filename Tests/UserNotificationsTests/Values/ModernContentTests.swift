import Foundation
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing
import UserNotifications

/// The content, category and action properties of iOS 11–16, through the engine and back.
struct ModernContentTests {
    @Test func contentPropertiesOfIOS12To16ReadBackFromTheEngine() async throws {
        let fixture = try await CenterFixture.authorized()
        let content = UNMutableNotificationContent()
        #expect(content.interruptionLevel == .active && content.relevanceScore == 0)
        #expect(content.targetContentIdentifier == nil && content.filterCriteria == nil)
        #expect(content.summaryArgument.isEmpty && content.summaryArgumentCount == 0 && content.launchImageName.isEmpty)
        content.title = "Anna sent 3 photos"
        content.interruptionLevel = .timeSensitive
        content.relevanceScore = 0.8
        content.targetContentIdentifier = "conversation-42"
        content.filterCriteria = "family"
        content.summaryArgument = "Anna"
        content.summaryArgumentCount = 3
        content.launchImageName = "Launch"
        try await fixture.center.add(
            UNNotificationRequest(
                identifier: "photos", content: content,
                trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)))

        let pending = try #require(await fixture.center.pendingNotificationRequests().first?.content)
        #expect(pending.interruptionLevel == .timeSensitive)
        #expect(pending.relevanceScore == 0.8)
        #expect(pending.targetContentIdentifier == "conversation-42")
        #expect(pending.filterCriteria == "family")
        #expect(pending.summaryArgument == "Anna" && pending.summaryArgumentCount == 3)
        #expect(pending.launchImageName == "Launch")
        let copy = try #require(pending.mutableCopy() as? UNMutableNotificationContent)
        #expect(copy.summaryArgument == "Anna")
    }

    @Test func aRelevanceScoreOutsideZeroToOneIsRefused() async throws {
        let fixture = try await CenterFixture.authorized()
        let content = Content.titled("too relevant")
        content.relevanceScore = 1.5
        let error = await #expect(throws: UNError.self) {
            try await fixture.center.add(UNNotificationRequest(identifier: "x", content: content, trigger: nil))
        }
        #expect(error?.code == .invalidPayload)
        #expect(await fixture.center.deliveredNotifications().isEmpty)
    }

    @Test func aPassiveNotificationGoesToTheListWithoutABannerOrASound() async throws {
        let fixture = try await CenterFixture.authorized()
        let quiet = Content.titled("quiet")
        quiet.sound = .default
        quiet.interruptionLevel = .passive
        let loud = Content.titled("loud")
        loud.sound = .default
        try await fixture.center.add(UNNotificationRequest(identifier: "quiet", content: quiet, trigger: nil))
        try await fixture.center.add(UNNotificationRequest(identifier: "loud", content: loud, trigger: nil))

        let presentations = fixture.presenter.presentations
        let passive = try #require(presentations.first { $0.delivery.request.identifier == "quiet" })
        let active = try #require(presentations.first { $0.delivery.request.identifier == "loud" })
        #expect(passive.style == AlertStyle.none && passive.sound == nil)
        #expect(active.style != AlertStyle.none && active.sound != nil)
        #expect(await fixture.center.deliveredNotifications().map(\.request.identifier) == ["quiet", "loud"])
    }

    @Test func categoryPlaceholderSummaryAndActionIconsReadBack() async throws {
        let fixture = try await CenterFixture.authorized()
        let trash = UNNotificationActionIcon(systemImageName: "trash")
        let delete = UNNotificationAction(identifier: "delete", title: "Delete", options: [.destructive], icon: trash)
        let reply = UNTextInputNotificationAction(
            identifier: "reply", title: "Reply", options: [], icon: UNNotificationActionIcon(templateImageName: "Bubble"),
            textInputButtonTitle: "Send", textInputPlaceholder: "Message")
        let messages = UNNotificationCategory(
            identifier: "message", actions: [reply, delete], intentIdentifiers: ["INSendMessageIntent"],
            hiddenPreviewsBodyPlaceholder: "%u new messages", categorySummaryFormat: "%u more messages from %@",
            options: [.hiddenPreviewsShowTitle])
        let alerts = UNNotificationCategory(
            identifier: "alert", actions: [], intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: "Alert",
            options: [])
        #expect(alerts.categorySummaryFormat.isEmpty)
        try await fixture.center.throwing.setNotificationCategories([messages, alerts])

        let registered = await fixture.center.notificationCategories()
        #expect(registered == [messages, alerts])
        let message = try #require(registered.first { $0.identifier == "message" })
        #expect(message.hiddenPreviewsBodyPlaceholder == "%u new messages")
        #expect(message.categorySummaryFormat == "%u more messages from %@")
        #expect(message.actions.map(\.icon) == [UNNotificationActionIcon(templateImageName: "Bubble"), trash])
        #expect(message.actions.first is UNTextInputNotificationAction)
        #expect(trash != UNNotificationActionIcon(templateImageName: "trash"))

        let archived = try NSKeyedArchiver.archivedData(withRootObject: trash, requiringSecureCoding: true)
        #expect(try NSKeyedUnarchiver.unarchivedObject(ofClass: UNNotificationActionIcon.self, from: archived) == trash)
    }
}

/// Critical sounds (iOS 12) and ringtones (iOS 15).
struct CriticalSoundTests {
    static func deliver(_ sound: UNNotificationSound, options: UNAuthorizationOptions, soundsEnabled: Bool) async throws
        -> NotificationSound?
    {
        let fixture = try CenterFixture(policy: .grantAll)
        _ = try await fixture.center.requestAuthorization(options: options)
        try fixture.engine.updatePreferences(for: fixture.app) { $0.soundsEnabled = soundsEnabled }
        let content = Content.titled("Storm warning")
        content.sound = sound
        try await fixture.center.add(UNNotificationRequest(identifier: "storm", content: content, trigger: nil))
        let delivered = try #require(await fixture.center.deliveredNotifications().first)
        #expect(delivered.request.content.sound == sound, "the sound reads back as it was set")
        return try #require(fixture.presenter.presentations.first).sound
    }

    @Test func aCriticalSoundPlaysWhenSoundsAreOffIfTheAppMayUseCriticalAlerts() async throws {
        let played = try await Self.deliver(
            .defaultCriticalSound(withAudioVolume: 0.8), options: [.alert, .sound, .criticalAlert], soundsEnabled: false)
        #expect(played?.kind == .critical && played?.volume == Double(Float(0.8)))
        let notAllowed = try await Self.deliver(.defaultCritical, options: [.alert, .sound], soundsEnabled: false)
        #expect(notAllowed == nil, "without .criticalAlert it is a normal sound, and sounds are off")
        let normal = try await Self.deliver(.default, options: [.alert, .sound, .criticalAlert], soundsEnabled: false)
        #expect(normal == nil)
    }

    @Test func ringtonesAndCriticalSoundsAreDistinct() async throws {
        let chime = UNNotificationSoundName("chime.wav")
        #expect(UNNotificationSound.criticalSoundNamed(chime) != UNNotificationSound(named: chime))
        #expect(UNNotificationSound.ringtoneSoundNamed(chime) != .criticalSoundNamed(chime))
        #expect(UNNotificationSound.defaultRingtone != .default)
        let played = try await Self.deliver(.ringtoneSoundNamed(chime), options: [.alert, .sound], soundsEnabled: true)
        #expect(played?.kind == .ringtone)
    }

    @Test func aCriticalVolumeOutsideZeroToOneIsRefused() async throws {
        let fixture = try await CenterFixture.authorized()
        let content = Content.titled("loud")
        content.sound = .defaultCriticalSound(withAudioVolume: 2)
        let error = await #expect(throws: UNError.self) {
            try await fixture.center.add(UNNotificationRequest(identifier: "x", content: content, trigger: nil))
        }
        #expect(error?.code == .invalidPayload)
    }
}
