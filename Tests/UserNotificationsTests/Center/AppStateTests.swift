import Foundation
import NotificationEngine
import NotificationEngineTesting
import Testing
import UserNotifications

struct AppStateTests {
    @Test func settingTheBadge() async throws {
        let fixture = try await CenterFixture.authorized()
        try await fixture.center.setBadgeCount(3)
        #expect(fixture.presenter.badges[fixture.app] == 3)

        let error = await completion { fixture.center.setBadgeCount(0, withCompletionHandler: $0) }
        #expect(error == nil)
        #expect(fixture.presenter.badges[fixture.app] == 0)
    }

    @Test func aNegativeBadgeIsInvalid() async throws {
        let fixture = try await CenterFixture.authorized()
        try await fixture.center.setBadgeCount(2)
        let error = await completion { fixture.center.setBadgeCount(-1, withCompletionHandler: $0) }
        #expect((error as? UNError)?.code == .badgeInputInvalid)
        #expect((error as? UNError)?.code.rawValue == 1600)
        await #expect(throws: UNError.self) { try await fixture.center.setBadgeCount(-1) }
        #expect(fixture.presenter.badges[fixture.app] == 2)
    }

    @Test func aDeliveredBadgeSetsTheAppsBadge() async throws {
        let fixture = try await CenterFixture.authorized()
        let content = Content.titled("Badge")
        content.badge = 7
        try await fixture.center.add(UNNotificationRequest(identifier: "b", content: content, trigger: nil))
        #expect(fixture.presenter.badges[fixture.app] == 7)
    }

    @Test func anActiveAppDecidesThroughItsDelegate() async throws {
        let fixture = try await CenterFixture.authorized()
        let delegate = CompletionDelegate(presentation: [.banner])
        fixture.center.delegate = delegate
        fixture.center.setApplicationActive(true)
        try await fixture.center.add(UNNotificationRequest(identifier: "fg", content: Content.titled("F"), trigger: nil))
        #expect(delegate.presented.map(\.request.identifier) == ["fg"])

        try await fixture.center.throwing.setApplicationActive(false)
        try await fixture.center.add(UNNotificationRequest(identifier: "bg", content: Content.titled("B"), trigger: nil))
        #expect(delegate.presented.map(\.request.identifier) == ["fg"])
        #expect(fixture.shownIdentifiers == ["fg", "bg"])
    }
}
